import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clientBuildDir,
  firstLoadJavaScript,
  hydrationModules,
  modulePreloads,
  prerenderedHtml,
  prerenderedPaths,
} from "../support/prerendered-pages";
import { startBuiltServer, type BuiltServer } from "../support/built-server";

const KiB = 1024;
/** Pages with a form the visitor fills in, rendered by the server per request. */
const serverRenderedFormPages = ["/contact", "/buy-now"];

// Budgets of decision 002, checked on the production build (`npm test` builds before Vitest runs).
describe("first-load JavaScript", () => {
  let server: BuiltServer;
  beforeAll(async () => {
    if (!existsSync(path.join(clientBuildDir, "index.html")))
      throw new Error("No production build: run `npm run build` first.");
    server = await startBuiltServer({ DATABASE_URL: "file::memory:" });
  }, 60_000);
  afterAll(() => server?.stop());

  /** A page as a browser gets it: the form pages from the server, the others from the build. */
  const pageHtml = async (page: string) =>
    serverRenderedFormPages.includes(page)
      ? (await fetch(`${server.baseURL}${page}`)).text()
      : prerenderedHtml(page);

  it("prerenders every page of the route table", () => {
    expect(prerenderedPaths()).toEqual(
      expect.arrayContaining(["/", "/method", "/resources", "/all-resources", "/signup"]),
    );
  });

  it.each(prerenderedPaths())(
    "%s loads at most 15 KiB gzipped before the visitor interacts, no module preloaded",
    (page) => {
      const html = prerenderedHtml(page);
      expect(modulePreloads(html)).toEqual([]);
      expect(firstLoadJavaScript(html)).toBeLessThanOrEqual(15 * KiB);
    },
  );

  it.each(serverRenderedFormPages)(
    "%s loads at most 100 KiB gzipped before the visitor interacts",
    async (page) => {
      expect(firstLoadJavaScript(await pageHtml(page))).toBeLessThanOrEqual(100 * KiB);
    },
  );

  it.each(prerenderedPaths())("%s hydrates with its own route module and React's entry", (page) => {
    const modules = hydrationModules(prerenderedHtml(page));
    expect(modules.some((module) => /\/entry\.client-[^/]+\.js$/.test(module))).toBe(true);
    expect(modules.some((module) => /\/root-[^/]+\.js$/.test(module))).toBe(true);
    for (const module of modules) expect(existsSync(path.join(clientBuildDir, module))).toBe(true);
  });

  it.each([...prerenderedPaths(), ...serverRenderedFormPages])(
    "%s never loads the owner's console",
    async (page) => {
      const modules = hydrationModules(await pageHtml(page));
      expect(modules.length).toBeGreaterThan(0);
      expect(modules.filter((module) => /\/admin[-._]/.test(module))).toEqual([]);
    },
  );
});
