import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
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
// Vitest runs).
describe("first-load JavaScript", () => {
  let server: BuiltServer;
  let browser: Browser;
  beforeAll(async () => {
    if (!existsSync(path.join(clientBuildDir, "index.html")))
      throw new Error("No production build: run `npm run build` first.");
    server = await startBuiltServer({ DATABASE_URL: "file::memory:" });
    browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
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

  /** A module a script imports when it needs it: `import("./chunk.js")`. */
  const laterImport = /import\("(\.\/[^"]+\.js)"\)/g;

  it.each(formPages)(
    "%s fetches every script as it loads (those imported later too), hydrates at the first tap and fetches none on it",
    async (pagePath) => {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        isMobile: true,
      });
      try {
        const page = await context.newPage();
        const scripts: string[] = [];
        page.on("request", (request) => {
          if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
        });
        await page.goto(`${server.baseURL}${pagePath}`);
        // No input at all: the page's load fetches every module, and nothing runs them yet.
        const html = await pageHtml(pagePath);
        const modules = hydrationModules(html);
        await expect
          .poll(() => modules.filter((module) => !scripts.includes(module)), { timeout: 15_000 })
          .toEqual([]);
        expect(
          await page.evaluate(() => document.documentElement.dataset.hydrated),
        ).toBeUndefined();
        const before = scripts.length;
        // The first tap: into the form's first field, or on the menu where the page has no field.
        const field = page.locator(
          'main :is(input, select, textarea):not([tabindex="-1"]):visible',
        );
        await (
          (await field.count()) ? field.first() : page.locator("header button[aria-controls]")
        ).tap();
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
        // Whatever the tap starts is requested before the network has been quiet for 500 ms.
        await page.waitForLoadState("networkidle");
        expect(scripts.slice(before)).toEqual([]);
        // What a later moment imports (the toasts after a send) was fetched with the rest.
        const later = scripts.flatMap((script) =>
          [...readFileSync(path.join(clientBuildDir, script), "utf8").matchAll(laterImport)].map(
            ([, file]) => path.posix.join(path.posix.dirname(script), file!),
          ),
        );
        expect(later.filter((module) => !scripts.includes(module))).toEqual([]);
      } finally {
        await context.close();
      }
    },
    30_000,
  );

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
