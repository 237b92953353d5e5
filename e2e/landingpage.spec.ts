import { jsonLdOfType } from "./support/json-ld";
import { expect, expectNoAxeViolations, gotoHydrated, test } from "./support/test";

test.describe("/landingpage", () => {
  test.beforeEach(async ({ page }) => {
    await gotoHydrated(page, "/landingpage");
  });

  test("has its own title, description and canonical, and no site navigation", async ({ page }) => {
    await expect(page).toHaveTitle(
      "Stop Selling. Start Connecting. — No-Self Selling | Presence Selling",
    );
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      /4\.9\/5 from 127 reviews.*\$19\.95/,
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/landingpage$/);
    await expect(page.getByRole("navigation")).toHaveCount(0);
    await expect(page.getByText("Presence Selling", { exact: true }).first()).toBeVisible();
  });

  test("shows the headline, rating, offer, stats, testimonials and what is inside", async ({
    page,
  }) => {
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Stop Selling. Start Connecting.",
    );
    const rating = page.getByTestId("rating");
    await expect(rating).toContainText("4.9/5");
    await expect(rating).toContainText("from 127 reviews");
    expect(await page.getByTestId("benefits").getByRole("listitem").count()).toBeGreaterThan(2);

    const offer = page.getByTestId("offer");
    await expect(offer).toContainText("Limited Time Offer");
    await expect(offer).toContainText("$19.95");
    await expect(offer.locator("del")).toContainText("$29.95");
    await expect(offer).toContainText("Save $10");
    await expect(offer).toContainText("Instant Download");

    await expect(page.getByTestId("stats").getByRole("listitem")).toHaveText([
      /10,000\+\s*Professionals trained/,
      /47%\s*Average sales increase/,
      /4\.9\/5\s*Reader rating/,
    ]);
    await expect(page.getByTestId("testimonial")).toHaveCount(2);
    await expect(page.getByRole("heading", { name: "What You'll Discover Inside" })).toBeVisible();
    await expect(page.getByTestId("inside").getByRole("listitem")).toHaveCount(6);
    await expect(page.getByTestId("final-offer").getByRole("listitem")).toHaveText([
      "Instant PDF download",
      "Works on all devices",
      "30-day money-back guarantee",
      "Bonus quick-start guide",
    ]);
  });

  test("sends every call to action to /buy-now", async ({ page, allowConsoleErrors }) => {
    // The purchase page is built on another branch; until it lands, /buy-now is the 404 page.
    allowConsoleErrors(/404|Failed to load resource/);
    const links = page.getByRole("link").filter({ hasNotText: "Skip to content" });
    expect(await links.count()).toBeGreaterThanOrEqual(2);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute("href", "/buy-now");
    }
    await page.getByRole("link", { name: "Get the Book Now" }).click();
    await expect(page).toHaveURL(/\/buy-now$/);
  });

  test("describes the book at the landing price", async ({ page }) => {
    const [book] = await jsonLdOfType(page, "Book");
    expect(book).toMatchObject({ offers: { price: "19.95", priceCurrency: "USD" } });
  });

  test("has no accessibility violations", async ({ page }) => {
    await expectNoAxeViolations(page);
  });
});
