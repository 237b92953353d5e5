import { jsonLdOfType } from "./support/json-ld";
import { expect, expectNoAxeViolations, gotoHydrated, test } from "./support/test";

test.describe("/book", () => {
  test.beforeEach(async ({ page }) => {
    await gotoHydrated(page, "/book");
  });

  test("lists the introduction and chapters 1 to 5, the benefits and three 5-star testimonials", async ({
    page,
  }) => {
    await expect(page).toHaveTitle("No-Self Selling: The Book | Presence Selling");
    const chapters = page.getByTestId("chapters").getByRole("listitem");
    await expect(chapters).toHaveCount(6);
    await expect(chapters.locator("p:first-child")).toHaveText([
      "Introduction",
      "Chapter 1",
      "Chapter 2",
      "Chapter 3",
      "Chapter 4",
      "Chapter 5",
    ]);
    expect(await page.getByTestId("benefits").getByRole("listitem").count()).toBeGreaterThan(3);
    const testimonials = page.getByTestId("testimonial");
    await expect(testimonials).toHaveCount(3);
    await expect(testimonials.getByRole("img", { name: "Rated 5 out of 5" })).toHaveCount(3);
  });

  test("shows the Coming Soon pricing card", async ({ page }) => {
    const card = page.getByTestId("pricing-card");
    await expect(card).toContainText("Coming Soon");
    await expect(card).toContainText("$19.99");
    await expect(card.getByRole("link")).toHaveAttribute("href", "/buy-now");
  });

  test("links to the purchase page, the free preview and the contact form", async ({ page }) => {
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Get the Book" })).toHaveAttribute(
      "href",
      "/buy-now",
    );
    await expect(main.getByRole("link", { name: "Read Free Preview" })).toHaveAttribute(
      "href",
      "/sample-excerpts",
    );
    await expect(main.getByRole("link", { name: "Contact Us" })).toHaveAttribute(
      "href",
      "/contact#contact-form",
    );
  });

  test("describes the book as structured data", async ({ page }) => {
    const [book] = await jsonLdOfType(page, "Book");
    expect(book).toMatchObject({
      name: "No-Self Selling",
      author: { name: "Daniel Ashworth" },
      offers: { price: "19.99", priceCurrency: "USD" },
    });
  });

  test("has no accessibility violations", async ({ page }) => {
    await expectNoAxeViolations(page);
  });
});
