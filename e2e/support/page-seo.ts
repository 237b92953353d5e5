import type { Page } from "@playwright/test";
import { expect } from "./test";

/** The page's JSON-LD blocks, parsed. */
export async function jsonLdBlocks(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

/** Title with the brand, description, keywords, canonical for the path, social tags, and the JSON-LD types. */
export async function expectPageSeo(page: Page, path: string, jsonLdTypes: string[] = []) {
  await expect(page).toHaveTitle(/\| Presence Selling$/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
  await expect(page.locator('meta[name="keywords"]')).toHaveAttribute(
    "content",
    /presence-based selling/,
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`${path}$`),
  );
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
    "content",
    new RegExp(`${path}$`),
  );
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
    "content",
    "summary_large_image",
  );
  const types = (await jsonLdBlocks(page)).map((block) => block["@type"]);
  expect(types).toEqual(expect.arrayContaining(["Organization", ...jsonLdTypes]));
}
