import type { Page } from "@playwright/test";

/**
 * The boxes on the page that scroll sideways (wider content than their width) without being what
 * a reader can find and use: a region named for screen readers, reachable by the keyboard, with
 * the `scroll-shadows` edge (a gradient background) that shows there is more. Fields are left out:
 * a browser scrolls them itself. Each is described by its tag and name; none is what passes.
 */
export async function scrollRegionsNamed(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((element) => {
        if (element.matches("input, textarea, select")) return false;
        const overflow = getComputedStyle(element).overflowX;
        return (
          (overflow === "auto" || overflow === "scroll") &&
          element.scrollWidth > element.clientWidth + 1
        );
      })
      .filter(
        (element) =>
          element.getAttribute("role") !== "region" ||
          !element.getAttribute("aria-label") ||
          element.tabIndex !== 0 ||
          !getComputedStyle(element).backgroundImage.includes("gradient"),
      )
      .map((element) => `${element.tagName} ${element.getAttribute("aria-label") ?? ""}`.trim()),
  );
}

/** How many named boxes on the page scroll sideways now (their content is wider than they are). */
export async function scrollingRegions(page: Page) {
  return page.evaluate(
    () =>
      [...document.querySelectorAll<HTMLElement>("[data-scroll-region]")].filter(
        (element) => element.scrollWidth > element.clientWidth + 1,
      ).length,
  );
}
