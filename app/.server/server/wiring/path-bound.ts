import type { RequestHandler } from "express";

/** Longer than any URL the site makes; an attacker's 14 KB path used to keep the router busy for seconds. */
const maxPathBytes = 1024;
const maxPathSegments = 16;

/** Answers absurd paths (414, or 404 for too many segments) before the router sees them. */
export function pathBound(): RequestHandler {
  return (request, response, next) => {
    const pathname = request.url.split("?")[0] ?? "";
    if (Buffer.byteLength(pathname) > maxPathBytes) {
      response.status(414).type("text/plain").send("URI Too Long");
      return;
    }
    let segments = 0;
    for (
      let index = pathname.indexOf("/");
      index !== -1;
      index = pathname.indexOf("/", index + 1)
    ) {
      if (++segments > maxPathSegments) {
        response.status(404).type("text/plain").send("Not Found");
        return;
      }
    }
    next();
  };
}
