import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, keepScreenshot, test } from "./test";

/** Fails when the page scrolls sideways, naming the first elements that stick out. */
export async function fitsTheWidth(page: Page, label: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 3)
      .map((element) => `${element.tagName}.${element.getAttribute("class") ?? ""}`),
  );
  expect(overflow, `${label} scrolls sideways: ${wide.join(" | ")}`).toBeLessThanOrEqual(0);
}

/**
 * Screenshots a page at a phone's and a desktop's width and checks it fits; axe too when
 * the page runs scripts (axe is one: the pages without JavaScript are the same HTML).
 */
export async function lookAt(page: Page, name: string, axe: boolean) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, {
      path: test.info().outputPath(`${name}-${width}.png`),
      fullPage: true,
    });
    await fitsTheWidth(page, `${name} at ${width} px`);
  }
  if (axe) await expectNoAxeViolations(page);
}
