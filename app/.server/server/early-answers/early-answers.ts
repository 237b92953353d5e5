import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * The busiest endpoints (the beacon, the contact function) are answered by the plain Node
 * listener before Express: what they share to do so.
 */

/** Answers a request it owns and returns its route (for the metrics), or undefined for others. */
export type EarlyAnswerer = (
  request: IncomingMessage,
  response: ServerResponse,
) => string | undefined;

/** The first of `answerers` that owns the request answers it. */
export function firstEarlyAnswer(answerers: EarlyAnswerer[]): EarlyAnswerer {
  return (request, response) => {
    for (const answerer of answerers) {
      const route = answerer(request, response);
      if (route) return route;
    }
    return undefined;
  };
}

/** The request's path, without its query. */
export function pathOf(request: IncomingMessage) {
  const url = request.url ?? "";
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

export function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.statusCode = status;
  response.setHeader("Content-Type", "application/json; charset=utf-8");
  response.end(JSON.stringify(body));
}

/** A refusal the body reader threw (413, 415, 400) sent as it is. */
export async function sendRefusal(response: ServerResponse, refusal: Response) {
  response.statusCode = refusal.status;
  refusal.headers.forEach((value, name) => response.setHeader(name, value));
  response.end(await refusal.text());
}
