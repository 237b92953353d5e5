import type { Page } from "@playwright/test";
import { expect } from "./test";

/**
 * After following a link to /contact#contact-form: the URL and the delay the link hands to the
 * scroll manager; when the contact page is built, its form ends up in view.
 */
export async function expectContactFormLanding(page: Page, scrollDelayMs: number) {
  await page.waitForURL((url) => url.pathname === "/contact" && url.hash === "#contact-form");
  const state = await page.evaluate(
    () => (history.state as { usr?: { scrollDelayMs?: number } } | null)?.usr,
  );
  expect(state?.scrollDelayMs).toBe(scrollDelayMs);
  const form = page.locator("#contact-form");
  if ((await form.count()) > 0) await expect(form).toBeInViewport();
}

/** /contact is built on another branch; until it lands here, reaching it shows the 404 page. */
export const contactMayBeMissing = /404|Failed to load resource/;
