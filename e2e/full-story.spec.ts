import { expect, expectNoAxeViolations, gotoHydrated, test } from "./support/test";

test.describe("/full-story", () => {
  test("tells the long biography and leads back to /about", async ({ page }) => {
    await gotoHydrated(page, "/full-story");
    await expect(page).toHaveTitle("The Full Story of Daniel Ashworth | Presence Selling");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Daniel Ashworth: from persuasion to presence",
    );
    const sections = page.getByRole("article").getByRole("heading", { level: 2 });
    expect(await sections.count()).toBeGreaterThanOrEqual(6);
    await expect(page.getByRole("article")).toContainText("In 1978");
    await expect(page.getByRole("article")).toContainText("two stock-exchange offerings");
    await expect(page.getByRole("article")).toContainText("late 1980s");

    await page.getByRole("link", { name: "Back to About" }).first().click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Daniel Ashworth");
  });

  test("has no accessibility violations", async ({ page }) => {
    await gotoHydrated(page, "/full-story");
    await expectNoAxeViolations(page);
  });
});
