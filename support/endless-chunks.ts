import { request as httpRequest } from "node:http";

/**
 * Streams a chunked body (no Content-Length) far larger than any limit and resolves with the
 * status the server answers while it is still being sent.
 */
export function postEndlessChunks(
  url: string,
  contentType: string,
  headers: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, {
      method: "POST",
      headers: { "Content-Type": contentType, "Transfer-Encoding": "chunked", ...headers },
    });
    let sent = 0;
    const chunk = "a=".padEnd(16 * 1024, "x");
    const pump = () => {
      while (sent < 4 * 1024 * 1024 && !request.destroyed) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      request.end();
    };
    request.on("response", (response) => {
      resolve(response.statusCode ?? 0);
      response.resume();
      request.destroy();
    });
    request.on("error", (error) => {
      if (!request.destroyed || sent === 0) reject(error);
    });
    pump();
  });
}
