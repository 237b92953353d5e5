import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import { pinoHttp } from "pino-http";
import { logger, requestScope } from "../../core/logger";

const requestIdPattern = /^[A-Za-z0-9._-]{8,64}$/;

/** A proxy's well-formed X-Request-Id, or a new one. */
export function requestIdOf(request: IncomingMessage) {
  const incoming = request.headers["x-request-id"];
  return typeof incoming === "string" && requestIdPattern.test(incoming) ? incoming : randomUUID();
}

/**
 * One log line per request (method, path without its query, status, duration) with a request id
 * that is also sent back as X-Request-Id. A proxy's well-formed X-Request-Id is kept so both logs
 * join up. Query strings and headers stay out: they can carry tokens and email addresses.
 */
export function requestLogging(): RequestHandler {
  const logRequest = pinoHttp({
    logger,
    genReqId: (_request, response) => String(response.getHeader("X-Request-Id")),
    customLogLevel(_request, response, error) {
      if (error || response.statusCode >= 500) return "error";
      return "info";
    },
    customSuccessMessage: () => "request",
    customErrorMessage: () => "request failed",
    serializers: {
      req: (request: { method: string; url: string }) => ({
        method: request.method,
        path: request.url.split("?")[0],
      }),
      res: (response: { statusCode: number }) => ({ status: response.statusCode }),
    },
  });
  return (request, response, next) => {
    // Every line logged while serving the request (this one included) carries its id.
    const reqId = requestIdOf(request);
    response.setHeader("X-Request-Id", reqId);
    requestScope.run({ reqId }, () => {
      logRequest(request, response);
      next();
    });
  };
}
