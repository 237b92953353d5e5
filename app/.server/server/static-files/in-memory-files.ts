import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import Negotiator from "negotiator";
import { precompressedEncodings } from "./precompressed-files";
import type { FileHeaders } from "./static-files";
import { pathOf } from "../early-answers/early-answers";

/** Larger files (the social card image) stay with express.static, streamed from disk. */
const maxHeldBytes = 256 * 1024;

/** The types express.static gives the files of build/client; a file of another type stays there. */
const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".data": "application/octet-stream",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".ico": "image/vnd.microsoft.icon",
  ".png": "image/png",
  ".woff2": "font/woff2",
  ".pdf": "application/pdf",
};

type Variant = { body: Buffer; etag: string; encoding?: string };

export type HeldFile = {
  /** The plain file, then its brotli and gzip copies when the build wrote them. */
  identity: Variant;
  compressed: Map<string, Variant>;
  contentType: string;
  /** Its caching and, for a page, its script policy. */
  headers: Record<string, string>;
};

/** The headers every answer of the site carries, by name (siteHeaderValues in security-headers.ts). */
export type SiteHeaders = Readonly<Record<string, string>>;

export type InMemoryFileOptions = {
  headersOf: FileHeaders;
  routeOf: (pathname: string) => string;
  siteHeaders: SiteHeaders;
};

/** What the fast path tells the server about an answer it sent. */
export type AnsweredFile = { route: string; status: number };

export function variant(body: Buffer, encoding?: string): Variant {
  const hash = createHash("sha1").update(body).digest("base64url").slice(0, 22);
  return { body, encoding, etag: `"${hash}${encoding ? `-${encoding}` : ""}"` };
}

/** Every file of build/client small enough to hold, under the URL paths that name it. */
function holdFiles(clientDir: string, { headersOf }: InMemoryFileOptions) {
  const files = new Map<string, HeldFile>();
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const contentType = contentTypes[path.extname(entry.name)];
    if (!contentType) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (statSync(file).size > maxHeldBytes) continue;
    const urlPath = `/${path.relative(clientDir, file).split(path.sep).join("/")}`;
    const compressed = new Map<string, Variant>();
    for (const { encoding, extension } of precompressedEncodings) {
      try {
        compressed.set(encoding, variant(readFileSync(`${file}${extension}`), encoding));
      } catch {
        // Not written: the file is too small to gain from it.
      }
    }
    // A prerendered page answers at `/method` and `/method/`, as the static handlers do.
    const paths = urlPath.endsWith("/index.html")
      ? [urlPath.slice(0, -"index.html".length), urlPath.slice(0, -"/index.html".length)]
      : [urlPath];
    const held = {
      identity: variant(readFileSync(file)),
      compressed,
      contentType,
      headers: headersOf(urlPath),
    };
    for (const pathname of paths.filter(Boolean)) files.set(pathname, held);
  }
  return files;
}

/** Accept-Encoding headers repeat: each one's choice is kept (a bounded number of them). */
const rememberedChoices = 200;

/** A variant's whole header block, `[name, value, …]` for writeHead: a 200's and a 304's. */
type HeaderBlocks = { ok: string[]; notModified: string[] };

/**
 * Answers a file held in memory: its brotli or gzip copy when the client accepts one, its ETag
 * (304 to a matching If-None-Match), the site's headers and its own. The article pages the store
 * renders (content-page-cache.ts) are answered the same way. Each variant's header block is built
 * once, at its first answer, and written whole (writeHead): per request this path only chooses.
 */
export function heldFileAnswerer(siteHeaders: SiteHeaders) {
  const preferred = [...precompressedEncodings.map(({ encoding }) => encoding), "identity"];
  const choices = new Map<string, string | undefined>();
  // By file, then variant: a page's "miss" answer shares its variants with the held "hit" one.
  const blocks = new WeakMap<HeldFile, Map<Variant, HeaderBlocks>>();

  function chooseEncoding(request: IncomingMessage) {
    const accepted = request.headers["accept-encoding"] ?? "";
    if (!choices.has(accepted)) {
      if (choices.size >= rememberedChoices) choices.clear();
      choices.set(accepted, new Negotiator(request).encoding(preferred, { preferred }));
    }
    return choices.get(accepted);
  }

  function headerBlocks(file: HeldFile, chosen: Variant): HeaderBlocks {
    let ofFile = blocks.get(file);
    if (!ofFile) blocks.set(file, (ofFile = new Map()));
    let built = ofFile.get(chosen);
    if (!built) {
      // The file's own headers (its script policy) override the site's.
      const common = {
        ...siteHeaders,
        ...(file.compressed.size > 0 && { Vary: "Accept-Encoding" }),
        ...file.headers,
        ETag: chosen.etag,
      };
      const ok = {
        ...common,
        "Content-Type": file.contentType,
        ...(chosen.encoding && { "Content-Encoding": chosen.encoding }),
        "Content-Length": String(chosen.body.length),
      };
      built = { ok: Object.entries(ok).flat(), notModified: Object.entries(common).flat() };
      ofFile.set(chosen, built);
    }
    return built;
  }

  return (request: IncomingMessage, response: ServerResponse, file: HeldFile): number => {
    let chosen = file.identity;
    if (file.compressed.size > 0) {
      const encoding = chooseEncoding(request);
      chosen = (encoding && file.compressed.get(encoding)) || file.identity;
    }
    const { ok, notModified } = headerBlocks(file, chosen);
    const revalidated = request.headers["if-none-match"]
      ?.split(",")
      .some((tag) => tag.trim().replace(/^W\//, "") === chosen.etag);
    if (revalidated) {
      response.writeHead(304, notModified).end();
      return 304;
    }
    response.writeHead(200, ok).end(request.method === "HEAD" ? undefined : chosen.body);
    return 200;
  };
}

/**
 * Serves the prerendered pages and assets of build/client from memory, read once at start with
 * their build-time brotli and gzip copies and an ETag each, before Express sees the request: at
 * nginx's pace what took Express, compression and logging ten times longer (issue 14). Answers
 * GET and HEAD of an exact path, 304 to a matching If-None-Match; returns undefined for anything
 * else (a range, a query-less miss, another method), which then goes to Express as before.
 */
export function inMemoryFiles(clientDir: string, options: InMemoryFileOptions) {
  const files = holdFiles(clientDir, options);
  const answer = heldFileAnswerer(options.siteHeaders);
  return (request: IncomingMessage, response: ServerResponse): AnsweredFile | undefined => {
    if (request.method !== "GET" && request.method !== "HEAD") return undefined;
    if (request.headers.range) return undefined;
    const pathname = pathOf(request);
    const file = files.get(pathname);
    if (!file) return undefined;
    return { route: options.routeOf(pathname), status: answer(request, response, file) };
  };
}
