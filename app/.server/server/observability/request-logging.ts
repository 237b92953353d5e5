import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, RequestHandler } from "express";
import { logger, requestScope } from "../../core/logger";

const requestIdPattern = /^[A-Za-z0-9._-]{8,64}$/;

/** A proxy's well-formed X-Request-Id, or a new one. */
export function requestIdOf(request: IncomingMessage) {
  const incoming = request.headers["x-request-id"];
  return typeof incoming === "string" && requestIdPattern.test(incoming) ? incoming : randomUUID();
}

/**
 * Gives the request its id (sent back as X-Request-Id) and writes its one line once its answer is
 * done or its client gone: method, route pattern, status, duration. Each field is copied out of the
 * live objects here, so the logger never holds them; the route pattern, never the path, since a
 * link's token is in its path. Returns the id, for the lines logged while serving the request.
 */
export function followRequest(
  request: IncomingMessage,
  response: ServerResponse,
  routeOf: () => string,
) {
  const started = performance.now();
  const reqId = requestIdOf(request);
  response.setHeader("X-Request-Id", reqId);
  response.once("close", () => {
    const status = response.statusCode;
    const line = {
      reqId,
      req: { method: request.method, route: routeOf() },
      res: { status },
      responseTime: Math.round(performance.now() - started),
      ...(response.writableFinished ? {} : { aborted: true }),
    };
    if (status >= 500) logger.error(line, "request failed");
    else logger.info(line, "request");
  });
  return reqId;
}

/**
 * One log line per request with a request id; a proxy's well-formed X-Request-Id is kept so both
 * logs join up. Paths, query strings and headers stay out: they carry tokens, cookies and email
 * addresses.
 */
export function requestLogging(routeOf: (request: Request) => string): RequestHandler {
  return (request, response, next) => {
    const reqId = followRequest(request, response, () => routeOf(request));
    // Every line logged while serving the request carries its id.
    requestScope.run({ reqId }, next);
  };
}
