import { expect, gotoHydrated, test } from "./support/test";

test.describe("Mobile menu", () => {
  test("opens and closes by its button and closes when a link is chosen", async ({ page }) => {
    await gotoHydrated(page, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("list")).toBeHidden();
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");

    await toggle.click();
    const closeToggle = page.getByRole("button", { name: "Close menu" });
    await expect(closeToggle).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator(`#${await closeToggle.getAttribute("aria-controls")}`);
    await expect(menu.getByRole("link")).toHaveCount(9);
    await expect(menu.getByText("The seven practices of presence-based selling")).toBeVisible();

    await closeToggle.click();
    await expect(menu).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: /^Home/ }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the first tap opens the menu at once, with no framework fetched", async ({ page }) => {
    // Content pages ship their island inline and never hydrate (decision 077); the only script
    // file they load is the page-view beacon (decision 082).
    const scripts: string[] = [];
    page.on("request", (request) => {
      const beacon = /\/assets\/visit-beacon-[\w-]+\.js$/.test(new URL(request.url()).pathname);
      if (request.resourceType() === "script" && !beacon) scripts.push(request.url());
    });
    await page.goto("/method");
    await page.getByRole("button", { name: "Open menu" }).click();
    const closeToggle = page.getByRole("button", { name: "Close menu" });
    await expect(closeToggle).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator(`#${await closeToggle.getAttribute("aria-controls")}`);
    await expect(menu.getByRole("link", { name: /^The Method/ })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(menu.getByRole("link", { name: /^The Method/ })).toBeVisible();
    expect(scripts).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  });

  test("works by keyboard and closes with Escape", async ({ page }) => {
    await gotoHydrated(page, "/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    const closeToggle = page.getByRole("button", { name: "Close menu" });
    await expect(closeToggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(page.locator(":focus")).toHaveText(/Home/);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
  });

  test("home looks right at phone width: no horizontal scroll", async ({ page }) => {
    await gotoHydrated(page, "/");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
