import { createHash } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { logFailure } from "../../core/logger";
import { contentSecurityPolicy } from "../wiring/security-headers";

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

type CachedPage = {
  status: number;
  body: Buffer;
  contentType: string;
  etag: string;
  policy: string;
  version: number;
};

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
}: {
  /** Renders a path through the router as a visitor would get it (no cookies, no session). */
  render: (path: string) => Promise<RenderedAnswer>;
  readVersion: () => Promise<number>;
  /** The paths the store's last change touched (the article, the pages that list it). */
  touchedPaths?: () => Promise<string[]>;
  pollMs?: number;
  development?: boolean;
}): ContentPageCache {
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
      .then((answer): CachedPage | RenderedAnswer => {
        if (answer.status !== 200) return answer;
        const html = answer.body.replaceAll(` nonce="${cacheNonce}"`, "");
        const body = Buffer.from(html);
        const contentType = answer.headers.get("Content-Type") ?? "text/html; charset=utf-8";
        const page: CachedPage = {
          status: 200,
          body,
          contentType,
          etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`,
          policy: contentSecurityPolicy(
            contentType.startsWith("text/html") ? inlineScriptHashes(html) : [],
            {
              development,
            },
          ),
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

  function answer(request: Request, response: Response, page: CachedPage, held: boolean) {
    response.setHeader("Content-Security-Policy", page.policy);
    response.setHeader("Content-Type", page.contentType);
    response.setHeader("ETag", page.etag);
    response.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
    response.setHeader("X-Content-Cache", held ? "hit" : "miss");
    const match = request.headers["if-none-match"];
    if (match && match.split(/\s*,\s*/).some((tag) => tag.replace(/^W\//, "") === page.etag)) {
      response.status(304).end();
      return;
    }
    response.status(200);
    if (request.method === "HEAD") response.end();
    else response.end(page.body);
  }

  return {
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
          if (held && held.version === version) return answer(request, response, held, true);
          const page = await renderPage(request.path);
          // Anything but a page (a redirect, a 404, a 410) is answered by the router as usual,
          // with its own nonce: only pages are kept.
          if ("etag" in page) answer(request, response, page, false);
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
