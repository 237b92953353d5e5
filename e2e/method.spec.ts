import { expect, expectNoAxeViolations, gotoHydrated, test } from "./support/test";

const practiceTitles = [
  "Knower and the Known",
  "Subject / Object",
  "Love vs. Fear",
  "The Me vs. the Witness",
  "The Movie vs. the Screen",
  "Sensory Awareness",
  "Linguistic Vigilance",
];

test.describe("/method", () => {
  test.beforeEach(async ({ page }) => {
    await gotoHydrated(page, "/method");
  });

  test("shows the seven practices in order, each with subtitle, description, practices and benefits", async ({
    page,
  }) => {
    await expect(page).toHaveTitle(
      "The Seven Practices of Presence-Based Selling | Presence Selling",
    );
    await expect(
      page.getByRole("heading", { level: 1, name: "The Seven Practices" }),
    ).toBeVisible();
    const practices = page.getByTestId("practice");
    await expect(practices).toHaveCount(7);
    await expect(practices.getByRole("heading", { level: 3 })).toHaveText(practiceTitles);
    for (const practice of await practices.all()) {
      await expect(practice.getByTestId("practice-subtitle")).not.toBeEmpty();
      await expect(practice.getByRole("heading", { name: "Key practices" })).toBeVisible();
      await expect(practice.getByRole("heading", { name: "Sales benefits" })).toBeVisible();
      expect(await practice.getByRole("listitem").count()).toBeGreaterThanOrEqual(4);
    }
    await expect(practices.first()).toContainText("The foundation of awareness");
  });

  test("compares traditional and presence-based selling in four pairs", async ({ page }) => {
    const comparison = page.getByTestId("comparison");
    await expect(
      comparison.getByRole("heading", { name: "Traditional Selling vs. Presence-Based Selling" }),
    ).toBeVisible();
    const pairs = comparison.getByTestId("comparison-pair");
    await expect(pairs).toHaveCount(4);
    for (const pair of await pairs.all()) {
      await expect(pair.locator('[data-side="traditional"]')).not.toBeEmpty();
      await expect(pair.locator('[data-side="presence"]')).not.toBeEmpty();
    }
    await expect(pairs.nth(1)).toContainText("Objections are obstacles to overcome");
    await expect(pairs.nth(1)).toContainText("Concerns are information to understand");
  });

  test("leads on to training and to the book", async ({ page }) => {
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Get the Book" })).toHaveAttribute(
      "href",
      "/buy-now",
    );
    await main.getByRole("link", { name: "Explore Training" }).click();
    await expect(page).toHaveURL(/\/training$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Learn to sell from presence");
  });

  test("has no accessibility violations", async ({ page }) => {
    await expectNoAxeViolations(page);
  });
});
