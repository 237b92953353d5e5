import { navigation } from "../app/content/navigation";
import { expect, gotoHydrated, test } from "./support/test";

test.describe("Site navigation (desktop)", () => {
  test("has the spec's eight links, the logo and Get Started", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const links = nav.getByRole("list").getByRole("link");
    await expect(links).toHaveText(navigation.map((item) => item.name));
    for (const item of navigation) {
      await expect(nav.getByRole("link", { name: item.name, exact: true })).toHaveAttribute(
        "href",
        item.href,
      );
    }
    await expect(nav.getByRole("link", { name: /the book$/ }).first()).toHaveAttribute(
      "href",
      "/landingpage",
    );
    await expect(nav.getByRole("link", { name: "Get Started" })).toHaveAttribute(
      "href",
      "/buy-now",
    );
    await expect(page.locator("header")).toHaveCSS("position", "fixed");
  });

  test("highlights the active link by exact path", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.locator('[aria-current="page"]')).toHaveText(["Home"]);
    await page.goto("/?from=test");
    await expect(nav.locator('[aria-current="page"]')).toHaveText(["Home"]);
  });

  test("scrolls to the top after navigating from far down the page", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole("contentinfo").getByRole("link", { name: "Home" }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("a link to a section of another page lands on that section", async ({ page }) => {
    await gotoHydrated(page, "/resources");
    await page.getByRole("link", { name: "View All Articles" }).click();
    await expect(page).toHaveURL(/\/all-resources#articles$/);
    await expect(page.locator("#articles")).toBeInViewport();
  });
});
