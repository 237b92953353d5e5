import { readdirSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import Negotiator from "negotiator";

/** The encodings `scripts/precompress-client.ts` writes next to each file, best first. */
export const precompressedEncodings = [
  { encoding: "br", extension: ".br" },
  { encoding: "gzip", extension: ".gz" },
] as const;

/** Every file under `dir` with the encodings written for it (`assets/x.js` → ["br", "gzip"]). */
function compressedVariants(dir: string): Map<string, string[]> {
  const variants = new Map<string, string[]>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const variant = precompressedEncodings.find(({ extension }) => entry.name.endsWith(extension));
    if (!variant) continue;
    const original = path
      .relative(dir, path.join(entry.parentPath, entry.name))
      .slice(0, -variant.extension.length);
    const key = `/${original.split(path.sep).join("/")}`;
    variants.set(key, [...(variants.get(key) ?? []), variant.encoding]);
  }
  return variants;
}

/**
 * Answers a request for a file of build/client (a prerendered page by its path) with the brotli or
 * gzip copy written at build time when the client accepts one, so nothing is compressed per
 * request. Other requests, and clients that accept neither, go on to the plain file.
 */
export function precompressedFiles(
  clientDir: string,
  headersOf: (file: string) => Record<string, string>,
): RequestHandler {
  const variants = compressedVariants(clientDir);
  const preferred = precompressedEncodings.map(({ encoding }) => encoding);
  return (request, response, next) => {
    if (request.method !== "GET" && request.method !== "HEAD") return next();
    const file = path.extname(request.path)
      ? request.path
      : path.posix.join(request.path, "index.html");
    const encodings = variants.get(file);
    if (!encodings) return next();
    response.vary("Accept-Encoding");
    const encoding = new Negotiator(request).encoding([...encodings, "identity"], {
      preferred: [...preferred, "identity"],
    });
    const variant = precompressedEncodings.find((candidate) => candidate.encoding === encoding);
    if (!variant) return next();
    response.setHeader("Content-Encoding", variant.encoding);
    response.set(headersOf(file));
    response.type(path.extname(file));
    response.sendFile(
      path.join(clientDir, `${file}${variant.extension}`),
      { cacheControl: false, dotfiles: "deny" },
      (error) => error && next(error),
    );
  };
}
