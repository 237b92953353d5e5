import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { clientBuildDir, hydrationModules, prerenderedHtml } from "../support/prerendered-pages";
import { expect, test } from "./support/test";

// The browser half of tests/first-load-javascript.test.ts (moved here from Vitest, which drove
// Chromium itself; the byte budgets stay there): on a phone, a form page fetches every script
// as it loads and none at the first tap (decisions 002 and 077).
const formPages = ["/contact", "/buy-now", "/signup", "/payment-success"];

/** A module a script imports when it needs it: `import("./chunk.js")`. */
const laterImport = /import\("(\.\/[^"]+\.js)"\)/g;

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

for (const pagePath of formPages)
  test(`${pagePath} fetches every script as it loads (those imported later too), hydrates at the first tap and fetches none on it`, async ({
    page,
    request,
  }) => {
    /** The page as a browser gets it: prerendered ones from the build, the others from the server. */
    const html = existsSync(path.join(clientBuildDir, pagePath, "index.html"))
      ? prerenderedHtml(pagePath)
      : await (await request.get(pagePath)).text();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(pagePath);
    // No input at all: the page's load fetches every module, and nothing runs them yet.
    const modules = hydrationModules(html);
    await expect
      .poll(() => modules.filter((module) => !scripts.includes(module)), { timeout: 15_000 })
      .toEqual([]);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    const before = scripts.length;
    // The first tap: into the form's first field, or on the menu where the page has no field.
    const field = page.locator('main :is(input, select, textarea):not([tabindex="-1"]):visible');
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
  });
