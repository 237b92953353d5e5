import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";

type Fixtures = {
  /** console.error messages the test expects (the 404 page logs its path); others fail the test. */
  allowConsoleErrors: (pattern: RegExp) => void;
};

export const test = base.extend<Fixtures>({
  allowConsoleErrors: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const unexpected: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = message.text();
        if (!allowed.some((pattern) => pattern.test(text))) unexpected.push(text);
      });
      page.on("pageerror", (error) => unexpected.push(`Uncaught: ${error.message}`));
      await use((pattern) => allowed.push(pattern));
      expect(unexpected, "console errors during the test").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Writes a screenshot for people to look at, unless E2E_SCREENSHOTS is "off" (CI: see
 * playwright.config.ts). No assertion reads them; a failing test's trace keeps its frames anyway.
 */
export async function keepScreenshot(
  target: Page | Locator,
  options: Parameters<Locator["screenshot"]>[0] & Parameters<Page["screenshot"]>[0],
) {
  if (process.env.E2E_SCREENSHOTS !== "off") await target.screenshot(options);
}

/** Runs axe on the page as it is now and fails on any violation, listing them. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
  );
  expect(summary, "axe violations").toEqual([]);
}

/**
 * Waits until the page is interactive, so clicks reach their handlers: a content page once its
 * island script has run, a form page once its form island has hydrated, which it does at the
 * first interaction (decision 077): a key press without effect (Shift) is that interaction.
 */
export async function hydrate(page: Page) {
  await page.keyboard.press("Shift");
  await page.waitForFunction(() => {
    const { hydrated, islands } = document.documentElement.dataset;
    return (
      hydrated === "true" ||
      (islands === "ready" && !document.querySelector("script[type='text/x-deferred-module']"))
    );
  });
}

export async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await hydrate(page);
}
