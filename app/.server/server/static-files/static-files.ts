import { existsSync, statSync } from "node:fs";
import path from "node:path";
import express, { type RequestHandler, type Router } from "express";
import { readInlineScriptHashes } from "./inline-script-hashes";
import { precompressedFiles } from "./precompressed-files";
import { contentSecurityPolicy } from "../wiring/security-headers";

const oneYear = 60 * 60 * 24 * 365;

export type FileHeaders = (file: string) => Record<string, string>;

/**
 * The headers of a file of build/client by its path (`/method/index.html`): its caching and, for a
 * prerendered page, the policy naming the hashes of its inline scripts.
 */
export function staticFileHeaders(clientDir: string): FileHeaders {
  const inlineScripts = readInlineScriptHashes(clientDir);
  return (file) => {
    const headers: Record<string, string> = { "Cache-Control": cacheControlOf(file) };
    if (file.endsWith(".html"))
      headers["Content-Security-Policy"] = contentSecurityPolicy(inlineScripts.get(file) ?? []);
    return headers;
  };
}

/**
 * Serves build/client: hashed assets cached for a year, other files for an hour, and each
 * prerendered page (`/method` → `method/index.html`) revalidated on every visit. Brotli or gzip
 * copies go first to the clients that accept them.
 */
export function staticFiles(clientDir: string, headersOf: FileHeaders): Router {
  const router = express.Router();
  router.use(precompressedFiles(clientDir, headersOf));
  router.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), {
      immutable: true,
      maxAge: oneYear * 1000,
      redirect: false,
      fallthrough: false,
    }),
  );
  router.use(prerenderedPages(clientDir, headersOf));
  router.use(
    express.static(clientDir, {
      maxAge: "1h",
      redirect: false,
      index: false,
      setHeaders: (response, file) =>
        response.set(headersOf(`/${path.relative(clientDir, file).split(path.sep).join("/")}`)),
    }),
  );
  return router;
}

/** The caching of a file of build/client by its path, as the handlers below set it. */
function cacheControlOf(file: string) {
  if (file.startsWith("/assets/")) return `public, max-age=${oneYear}, immutable`;
  if (file.endsWith("/index.html")) return "public, max-age=0, must-revalidate";
  return "public, max-age=3600";
}

function prerenderedPages(clientDir: string, headersOf: FileHeaders): RequestHandler {
  return (request, response, next) => {
    if (request.method !== "GET" && request.method !== "HEAD") return next();
    const pathname = decodedPath(request.path);
    if (!pathname || pathname.includes("..") || path.extname(pathname)) return next();
    const file = path.posix.join(pathname, "index.html");
    const onDisk = path.join(clientDir, file);
    if (!existsSync(onDisk) || !statSync(onDisk).isFile()) return next();
    response.set(headersOf(file));
    response.sendFile(onDisk);
  };
}

/** The decoded path, or undefined for a malformed one (the router then answers it). */
function decodedPath(rawPath: string) {
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
}
