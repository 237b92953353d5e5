import { expect, expectNoAxeViolations, gotoHydrated, test } from "./support/test";

test.describe("Home", () => {
  test("shows the hero, practices, quote, image, author section and closing call to action", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(
      "The End of Persuasion, The Rise of Presence | Presence Selling",
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "The End of Persuasion, The Rise of Presence",
    );

    const hero = page.getByTestId("home-hero");
    const viewport = page.viewportSize()!;
    const heroBox = (await hero.boundingBox())!;
    expect(heroBox.height).toBeGreaterThanOrEqual(Math.floor(viewport.height * 0.85) - 1);

    await expect(page.getByRole("link", { name: "Discover the Method" })).toHaveAttribute(
      "href",
      "/method",
    );
    await expect(page.getByRole("link", { name: "Learn More about the book" })).toHaveAttribute(
      "href",
      "/book",
    );

    const cards = page.getByTestId("practice-cards").getByRole("listitem");
    await expect(cards).toHaveCount(4);
    for (const title of [
      "Witness Consciousness",
      "Authentic Presence",
      "Non-Reactive Response",
      "Genuine Connection",
    ]) {
      await expect(cards.getByRole("heading", { name: title })).toBeVisible();
    }

    await expect(page.locator("blockquote")).toContainText("stop trying to sell");
    const climber = page.getByRole("img", { name: /climber/ });
    await expect(climber).toHaveAttribute("width", "1200");
    await expect(climber).toHaveAttribute("height", "800");
    await expect(page.getByRole("button", { name: "Watch NASDAQ Closing" })).toBeVisible();
    await expect(page.getByText("40+ Years of Experience")).toBeVisible();

    await expect(page.getByRole("link", { name: "Get the Book" })).toHaveAttribute(
      "href",
      "/buy-now",
    );
    await expect(page.getByRole("link", { name: "Stay Connected" })).toHaveAttribute(
      "href",
      "/signup",
    );
    const next = page.getByRole("link", { name: /^Next/ });
    await expect(next).toHaveAttribute("href", "/method");
    await expect(next).toHaveCSS("position", "fixed");
  });

  test("has its SEO tags in the served HTML", async ({ request }) => {
    const html = await (await request.get("/")).text();
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/"/>');
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
    expect(html).toContain('property="og:image"');
    expect(html).toContain('name="twitter:card"');
    expect(html).toContain('"@type":"Organization"');
  });

  test("the floating Next button goes to the method", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("link", { name: /^Next/ }).click();
    await expect(page).toHaveURL(/\/method$/);
  });

  test("has no accessibility violations", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expectNoAxeViolations(page);
  });
});
