import type { Page } from "@playwright/test";
import { writeDatabase } from "./console-database";
import { expect } from "./test";

/**
 * Opens a console page with its scripts held back, so what the test does next is certainly the
 * visitor's first interaction on the server's HTML, before React runs (decision 130). `hydrate`
 * lets the scripts through and waits for the page to mark itself hydrated.
 */
export async function openBeforeHydration(page: Page, url: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const scripts = /\/assets\/.+\.js$/;
  await page.route(scripts, async (route) => {
    await released;
    await route.continue();
  });
  // Module scripts hold DOMContentLoaded back: the page is there once its HTML has arrived.
  await page.goto(url, { waitUntil: "commit" });
  await page.locator("main h1").waitFor();
  return {
    async hydrate() {
      expect(
        await page.evaluate(() => document.documentElement.dataset.hydrated),
        "the interaction came before hydration",
      ).toBeUndefined();
      release();
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await page.unroute(scripts);
    },
  };
}

/** A new draft article through the console's own button; returns its id (removed by `removeArticle`). */
export async function newArticle(page: Page) {
  await page.goto("/admin/content");
  await page.getByRole("button", { name: "New article" }).click();
  await expect(page).toHaveURL(/\/admin\/content\/[\w-]+$/);
  return new URL(page.url()).pathname.split("/").at(-1)!;
}

export async function removeArticle(id: string) {
  await writeDatabase("DELETE FROM article_revisions WHERE article_id = ?", [id]);
  await writeDatabase("DELETE FROM articles WHERE id = ?", [id]);
}

/** The next request (any method) whose path starts with `prefix`. */
export function nextRequest(page: Page, prefix: string, method = "GET") {
  return page.waitForRequest(
    (request) => request.method() === method && new URL(request.url()).pathname.startsWith(prefix),
  );
}
