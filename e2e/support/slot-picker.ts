import type { Page } from "@playwright/test";

/**
 * Opens the `index`-th open day of a booking page's times (its week first: both are <details>,
 * opened by a click on their summary, script or not) and returns it.
 */
export async function openSlotDay(page: Page, index: number) {
  const day = page.locator("details[data-slot-day]").nth(index);
  const week = day.locator("xpath=ancestor::details[@data-slot-week]");
  for (const details of [week, day])
    if ((await details.getAttribute("open")) === null)
      await details.locator("summary").first().click();
  return day;
}
