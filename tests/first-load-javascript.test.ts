import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clientBuildDir,
  firstLoadJavaScript,
  hydrationJavaScript,
  hydrationModules,
  islandPropsBytes,
  modulePreloads,
  prerenderedHtml,
  prerenderedPaths,
} from "../support/prerendered-pages";
import { startBuiltServer, type BuiltServer } from "../support/built-server";

const KiB = 1024;
/** Pages with a form the visitor fills in, and the island that runs it (decision 077). */
const formIslands: Record<string, string> = {
  "/contact": "contact",
  "/buy-now": "buy-now",
  "/signup": "signup",
  "/payment-success": "payment-success",
};
const formPages = Object.keys(formIslands);
/**
 * What a form page may load in all, gzipped (issue 22): its inline scripts, the beacon, its
 * island's modules and the island's props.
 */
const formPageBudget = 100 * KiB;
/**
 * Every page without a form: the prerendered ones, the newsletter archive, and the article store's
 * pages (decision 190).
 */
const contentPages = () => [
  ...prerenderedPaths().filter((page) => !formPages.includes(page)),
  "/newsletter",
  "/resources",
  "/all-resources",
  "/articles/why-sales-training-fails",
];

// Budgets of decisions 002 and 077, checked on the production build (`npm test` builds before
// Vitest runs). What a phone fetches as a form page loads and at its first tap is checked in a
// browser, in e2e/first-tap-scripts.phone.spec.ts.
describe("first-load JavaScript", () => {
  let server: BuiltServer;
  beforeAll(async () => {
    if (!existsSync(path.join(clientBuildDir, "index.html")))
      throw new Error("No production build: run `npm run build` first.");
    server = await startBuiltServer({ DATABASE_URL: "file::memory:" });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  /** A page as a browser gets it: prerendered ones from the build, the others from the server. */
  const pageHtml = async (page: string) =>
    existsSync(path.join(clientBuildDir, page, "index.html"))
      ? prerenderedHtml(page)
      : (await fetch(`${server.baseURL}${page}`)).text();

  it("prerenders every page of the route table", () => {
    expect(prerenderedPaths()).toEqual(
      expect.arrayContaining(["/", "/method", "/about", "/signup"]),
    );
  });

  it.each(contentPages())(
    "%s runs at most 15 KiB gzipped, inline but for the page-view beacon: nothing more after a tap",
    async (page) => {
      const html = await pageHtml(page);
      expect(modulePreloads(html)).toEqual([]);
      expect(hydrationModules(html)).toEqual([]);
      // The only script file is the page-view beacon (decision 082), a classic script that
      // imports nothing; the island is inline and imports nothing either, so a tap fetches no more.
      const files = [...html.matchAll(/<script[^>]* src="([^"]+)"/g)].map((match) => match[1]!);
      expect(files.every((file) => /^\/assets\/visit-beacon-[\w-]+\.js$/.test(file))).toBe(true);
      for (const file of files) {
        expect(readFileSync(path.join(clientBuildDir, file), "utf8")).not.toMatch(/\bimport\b/);
      }
      expect(html).not.toMatch(/\bimport\(/);
      expect(html).toContain('type="speculationrules"');
      expect(firstLoadJavaScript(html)).toBeLessThanOrEqual(15 * KiB);
    },
  );

  it.each(formPages)("%s loads at most its budget in all, gzipped", async (page) => {
    const html = await pageHtml(page);
    expect(
      firstLoadJavaScript(html) + hydrationJavaScript(html) + islandPropsBytes(html),
    ).toBeLessThanOrEqual(formPageBudget);
  });

  it.each(formPages)("%s hydrates its own island, without React Router", async (page) => {
    const modules = hydrationModules(await pageHtml(page));
    expect(modules[0]).toMatch(new RegExp(`^/assets/island-${formIslands[page]}-[\\w-]+\\.js$`));
    expect(modules.filter((module) => /\/(entry\.client|root|shell)-/.test(module))).toEqual([]);
    for (const module of modules) expect(existsSync(path.join(clientBuildDir, module))).toBe(true);
  });

  it.each(formPages)("%s never loads the owner's console", async (page) => {
    const modules = hydrationModules(await pageHtml(page));
    expect(modules.length).toBeGreaterThan(0);
    expect(modules.filter((module) => /\/admin[-._]/.test(module))).toEqual([]);
  });
});
