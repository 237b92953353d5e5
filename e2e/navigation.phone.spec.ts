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

  test("a tap made before the page has hydrated opens the menu once it has", async ({ page }) => {
    // Pages hydrate at the first interaction (decision 002): this tap starts it and is replayed.
    await page.goto("/");
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
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
