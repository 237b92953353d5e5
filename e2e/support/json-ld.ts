import type { Page } from "@playwright/test";

type JsonLd = Record<string, unknown> & { "@type": string };

/** The page's structured data blocks, parsed. */
export async function readJsonLd(page: Page): Promise<JsonLd[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((block) => JSON.parse(block) as JsonLd);
}

export async function jsonLdOfType(page: Page, type: string) {
  return (await readJsonLd(page)).filter((block) => block["@type"] === type);
}
