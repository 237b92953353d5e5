import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, gzip } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { logFailure } from "../../core/logger";
import { pathOf } from "../early-answers/early-answers";
import {
  heldFileAnswerer,
  variant,
  type HeldFile,
  type SiteHeaders,
} from "../static-files/in-memory-files";
import { contentSecurityPolicy } from "../wiring/security-headers";

const gzipped = promisify(gzip);
const brotlied = promisify(brotliCompress);

/**
 * The pages read from the article store (decision 190): each is rendered once per change of the
 * store's version and then answered from memory with an ETag (304 on If-None-Match), as fast as a
 * prerendered file and with no deploy. Every instance polls the version row (`readVersion`) every
 * `pollMs`, so a publish on one reaches the others within a poll; the instance that published says
 * so at once (`changed`). At each change the pages held and the pages the change touched
 * (`touchedPaths`) are rendered before any visitor asks, so the first one is answered from memory
 * (`X-Content-Cache: hit`; `miss` when a request had to render its page). A page is rendered with a
 * placeholder nonce that is taken out again: its inline scripts are allowed by their hashes, the
 * same for every visitor.
 */
// Not the sitemap: it also lists the newsletter's letters, which do not move the articles' version.
export const contentPagePaths =
  /^\/(?:articles\/[a-z0-9]+(?:-[a-z0-9]+)*|resources|all-resources|feed\.xml|atom\.xml)$/;

export const cacheNonce = "content-page-cache";

/** A page held as build/client's files are: its gzip and brotli copies made once, at render. */
type CachedPage = HeldFile & { version: number };

export type RenderedAnswer = { status: number; headers: Headers; body: string };

const executedScript = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;
const executedTypes = new Set(["", "text/javascript", "module", "speculationrules"]);

/** The hash sources of a page's inline scripts the browser runs. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, script] of html.matchAll(executedScript)) {
    const type = /\btype="([^"]*)"/.exec(attributes ?? "")?.[1] ?? "";
    if (!executedTypes.has(type.trim().toLowerCase())) continue;
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(script ?? "")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

export type ContentPageCache = {
  /**
   * Answers a held page before Express, as build/client's files are (in-memory-files.ts): its
   * status, or undefined when the page is not held (Express's middleware then renders it).
   */
  answerHeld: (request: IncomingMessage, response: ServerResponse) => number | undefined;
  /** Express middleware: answers the content pages from memory, rendering a missing one. */
  middleware: (request: Request, response: Response, next: NextFunction) => void;
  /** The store changed here: render its pages now instead of at the next poll; resolves when done. */
  changed(): Promise<void>;
  /** Stops the version poll. */
  stop(): void;
  /** The pages held, for tests. */
  size(): number;
};

export function contentPageCache({
  render,
  readVersion,
  touchedPaths = async () => [],
  pollMs = 1_000,
  development = false,
  siteHeaders = {},
}: {
  /** Renders a path through the router as a visitor would get it (no cookies, no session). */
  render: (path: string) => Promise<RenderedAnswer>;
  readVersion: () => Promise<number>;
  /** The paths the store's last change touched (the article, the pages that list it). */
  touchedPaths?: () => Promise<string[]>;
  pollMs?: number;
  development?: boolean;
  /** The headers every answer of the site carries (in a held page's header block). */
  siteHeaders?: SiteHeaders;
}): ContentPageCache {
  const answerFile = heldFileAnswerer(siteHeaders);
  const pages = new Map<string, CachedPage>();
  const rendering = new Map<string, Promise<CachedPage | RenderedAnswer>>();
  let version = -1;
  let checking: Promise<void> | undefined;

  async function checkVersion() {
    const latest = await readVersion();
    if (latest === version) return;
    const held = [...pages.keys()];
    version = latest;
    pages.clear();
    const touched = await touchedPaths().catch((error: unknown) => {
      logFailure("content pages of a change not read", error);
      return [];
    });
    // Rendered at once, so the first visitor after a publish is answered from memory.
    for (const path of new Set([...touched.filter((path) => contentPagePaths.test(path)), ...held]))
      await renderPage(path).catch((error: unknown) =>
        logFailure("content page render failed", error),
      );
  }

  function poll() {
    checking ??= checkVersion()
      .catch((error: unknown) => logFailure("content version poll failed", error))
      .finally(() => {
        checking = undefined;
      });
    return checking;
  }

  const timer = setInterval(() => void poll(), pollMs);
  timer.unref();

  function renderPage(path: string): Promise<CachedPage | RenderedAnswer> {
    const running = rendering.get(path);
    if (running) return running;
    const renderedAt = version;
    const promise = render(path)
      .then(async (answer): Promise<CachedPage | RenderedAnswer> => {
        if (answer.status !== 200) return answer;
        const html = answer.body.replaceAll(` nonce="${cacheNonce}"`, "");
        const body = Buffer.from(html);
        const contentType = answer.headers.get("Content-Type") ?? "text/html; charset=utf-8";
        const [brotli, gzipCopy] = await Promise.all([brotlied(body), gzipped(body, { level: 9 })]);
        const page: CachedPage = {
          identity: variant(body),
          compressed: new Map([
            ["br", variant(brotli, "br")],
            ["gzip", variant(gzipCopy, "gzip")],
          ]),
          contentType,
          headers: {
            "Content-Security-Policy": contentSecurityPolicy(
              contentType.startsWith("text/html") ? inlineScriptHashes(html) : [],
              { development },
            ),
            "Cache-Control": "public, max-age=0, must-revalidate",
            "X-Content-Cache": "hit",
          },
          version: renderedAt,
        };
        // Kept only when the store did not change while it was drawn.
        if (renderedAt === version) pages.set(path, page);
        return page;
      })
      .finally(() => rendering.delete(path));
    rendering.set(path, promise);
    return promise;
  }

  /** A page the request had to render: its answer says so; a held page's says `hit`. */
  function missed(page: CachedPage): CachedPage {
    return { ...page, headers: { ...page.headers, "X-Content-Cache": "miss" } };
  }

  return {
    answerHeld(request, response) {
      if ((request.method !== "GET" && request.method !== "HEAD") || request.headers.range) return;
      const path = pathOf(request);
      // A query (`?_data`, a tracking tag) is rendered as usual, never kept.
      if (request.url !== path || version === -1) return;
      const held = pages.get(path);
      if (!held || held.version !== version) return;
      return answerFile(request, response, held);
    },
    middleware(request, response, next) {
      if (
        (request.method !== "GET" && request.method !== "HEAD") ||
        !contentPagePaths.test(request.path)
      ) {
        next();
        return;
      }
      // A query (`?_data`, a tracking tag) is rendered as usual, never kept.
      if (request.url !== request.path) {
        next();
        return;
      }
      const ready = version === -1 ? poll() : Promise.resolve();
      ready
        .then(async () => {
          const held = pages.get(request.path);
          if (held && held.version === version) {
            answerFile(request, response, held);
            return;
          }
          const page = await renderPage(request.path);
          // Anything but a page (a redirect, a 404, a 410) is answered by the router as usual,
          // with its own nonce: only pages are kept.
          if ("identity" in page) answerFile(request, response, missed(page));
          else next();
        })
        .catch(next);
    },
    changed() {
      return (checking ?? Promise.resolve()).then(poll);
    },
    stop() {
      clearInterval(timer);
    },
    size: () => pages.size,
  };
}
