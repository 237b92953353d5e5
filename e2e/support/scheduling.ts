import type { BrowserContext, Locator, Page } from "@playwright/test";
import { expect } from "./test";
import { e2eServer } from "./server-settings";

/** The SCHEDULING_URL the e2e server runs with. */
export const schedulingUrl = e2eServer.env.SCHEDULING_URL!;

/** Answers the external scheduling page locally, so no request leaves the machine. */
export async function stubSchedulingPage(context: BrowserContext) {
  await context.route(`${new URL(schedulingUrl).origin}/**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<!doctype html><title>Scheduling</title><h1>Pick a time</h1>",
    }),
  );
}

/** Clicks a schedule button and expects SCHEDULING_URL in a new tab, this page staying put. */
export async function expectScheduleOpensNewTab(page: Page, button: Locator) {
  await stubSchedulingPage(page.context());
  const here = page.url();
  await expect(button).toHaveAttribute("target", "_blank");
  await expect(button).toHaveAttribute("rel", /noopener/);
  const newTab = page.context().waitForEvent("page");
  await button.click();
  const tab = await newTab;
  await tab.waitForURL(schedulingUrl);
  expect(await tab.evaluate(() => window.opener)).toBeNull();
  expect(page.url()).toBe(here);
  await tab.close();
}

/**
 * With window.open blocked (it returns null), a schedule button navigates this window to
 * SCHEDULING_URL. Call before the page is loaded: it installs the stub for the next navigation.
 */
export async function blockNewTabs(page: Page) {
  await stubSchedulingPage(page.context());
  await page.addInitScript(() => {
    window.open = () => null;
  });
}

export async function expectScheduleFallsBackToSameWindow(page: Page, button: Locator) {
  await button.click();
  await page.waitForURL(schedulingUrl);
  await expect(page.getByRole("heading", { name: "Pick a time" })).toBeVisible();
}
