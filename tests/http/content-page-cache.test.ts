import { createServer, type Server } from "node:http";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import {
  cacheNonce,
  contentPageCache,
  inlineScriptHashes,
  type ContentPageCache,
} from "~/.server/server/content-pages/content-page-cache";

describe("the content page cache", () => {
  let server: Server | undefined;
  let cache: ContentPageCache | undefined;
  afterEach(async () => {
    cache?.stop();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });

  async function start(version: { value: number }, renders: string[], touched: string[] = []) {
    cache = contentPageCache({
      pollMs: 50,
      readVersion: async () => version.value,
      touchedPaths: async () => touched,
      render: async (path) => {
        renders.push(path);
        if (path === "/articles/gone") return { status: 410, headers: new Headers(), body: "gone" };
        return {
          status: 200,
          headers: new Headers({ "Content-Type": "text/html; charset=utf-8" }),
          body: `<html><script nonce="${cacheNonce}">run(${version.value})</script>v${version.value}</html>`,
        };
      },
    });
    const app = express();
    app.use(cache.middleware);
    app.use((_request, response) => void response.status(599).send("router"));
    server = createServer(app);
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  }

  it("renders a page once, answers 304 to its ETag, and renders again when the version moves", async () => {
    const version = { value: 1 };
    const renders: string[] = [];
    const base = await start(version, renders);
    const first = await fetch(`${base}/articles/a-page`);
    expect(first.status).toBe(200);
    const body = await first.text();
    expect(body).toBe("<html><script>run(1)</script>v1</html>");
    expect(first.headers.get("content-security-policy")).toContain(inlineScriptHashes(body)[0]);
    const etag = first.headers.get("etag")!;
    const second = await fetch(`${base}/articles/a-page`, { headers: { "If-None-Match": etag } });
    expect(second.status).toBe(304);
    expect(renders).toEqual(["/articles/a-page"]);

    version.value = 2;
    cache!.changed();
    await new Promise((resolve) => setTimeout(resolve, 120));
    const third = await fetch(`${base}/articles/a-page`, { headers: { "If-None-Match": etag } });
    expect(third.status).toBe(200);
    expect(await third.text()).toContain("v2");
    expect(renders).toEqual(["/articles/a-page", "/articles/a-page"]);
  });

  it("renders the pages a change touched before anyone asks, so the first visitor hits", async () => {
    const version = { value: 1 };
    const renders: string[] = [];
    const base = await start(version, renders, ["/articles/new-one", "/resources", "/contact"]);
    const before = await fetch(`${base}/all-resources`);
    expect(before.headers.get("x-content-cache")).toBe("miss");

    renders.length = 0;
    version.value = 2;
    await cache!.changed();
    // Rendered in the change itself: the held list and the touched pages, never a non-content path.
    expect(renders.sort()).toEqual(["/all-resources", "/articles/new-one", "/resources"]);
    for (const path of ["/articles/new-one", "/resources", "/all-resources"]) {
      const first = await fetch(`${base}${path}`);
      expect({ path, cache: first.headers.get("x-content-cache") }).toEqual({ path, cache: "hit" });
      expect(await first.text()).toContain("v2");
    }
    expect(renders).toHaveLength(3);
  });

  it("leaves anything but a page, other paths and queries to the router", async () => {
    const base = await start({ value: 1 }, []);
    expect((await fetch(`${base}/articles/gone`)).status).toBe(599);
    expect((await fetch(`${base}/contact`)).status).toBe(599);
    expect((await fetch(`${base}/resources?x=1`)).status).toBe(599);
    expect((await fetch(`${base}/resources`, { method: "POST" })).status).toBe(599);
  });
});
