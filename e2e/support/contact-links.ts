import type { Page } from "@playwright/test";
import { expect } from "./test";

/** After following a link to /contact#contact-form: the visitor sees the form. */
export async function expectContactFormLanding(page: Page) {
  await page.waitForURL((url) => url.pathname === "/contact" && url.hash === "#contact-form");
  await expect(page.locator("#contact-form")).toBeInViewport();
}
