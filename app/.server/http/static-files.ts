import { existsSync, statSync } from "node:fs";
import path from "node:path";
import express, { type RequestHandler, type Router } from "express";
import { precompressedFiles } from "./precompressed-files";

const oneYear = 60 * 60 * 24 * 365;

/**
 * Serves build/client: hashed assets cached for a year, other files for an hour, and each
 * prerendered page (`/method` → `method/index.html`) revalidated on every visit. Their brotli or
 * gzip copies go first to the clients that accept them.
 */
export function staticFiles(clientDir: string): Router {
  const router = express.Router();
  router.use(precompressedFiles(clientDir, cacheControlOf));
  router.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), {
      immutable: true,
      maxAge: oneYear * 1000,
      redirect: false,
      fallthrough: false,
    }),
  );
  router.use(prerenderedPages(clientDir));
  router.use(express.static(clientDir, { maxAge: "1h", redirect: false, index: false }));
  return router;
}

/** The caching of a file of build/client by its path, as the handlers below set it. */
export function cacheControlOf(file: string) {
  if (file.startsWith("/assets/")) return `public, max-age=${oneYear}, immutable`;
  if (file.endsWith("/index.html")) return "public, max-age=0, must-revalidate";
  return "public, max-age=3600";
}

function prerenderedPages(clientDir: string): RequestHandler {
  return (request, response, next) => {
    if (request.method !== "GET" && request.method !== "HEAD") return next();
    const pathname = decodedPath(request.path);
    if (!pathname || pathname.includes("..") || path.extname(pathname)) return next();
    const file = path.join(clientDir, pathname, "index.html");
    if (!existsSync(file) || !statSync(file).isFile()) return next();
    response.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
    response.sendFile(file);
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
