import { expectPageSeo } from "./support/page-seo";
import { expect, expectNoAxeViolations, gotoHydrated, test } from "./support/test";

const teasers = [
  [
    "Why Most Sales Training Fails",
    "Foundation",
    "8 min read",
    "/articles/why-sales-training-fails",
  ],
  [
    "The Spiritual Sales Professional",
    "Psychology",
    "6 min read",
    "/articles/spiritual-sales-professional",
  ],
  [
    "Staying Present Under Pressure",
    "Practice",
    "6 min read",
    "/articles/staying-present-under-pressure",
  ],
  [
    "The No-Self Selling Foundation",
    "Foundation",
    "7 min read",
    "/articles/no-self-selling-foundation",
  ],
  [
    "From Top Seller to Sales Leader",
    "Leadership",
    "9 min read",
    "/articles/sales-leadership-career-growth",
  ],
] as const;

test("shows four free downloads and five article teasers", async ({ page }) => {
  await gotoHydrated(page, "/resources");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Practical Tools for Presence-Based Selling",
  );
  await expect(page.locator("#page-title + p")).toContainText("no email is required");

  const downloads = page.getByTestId("free-downloads").getByTestId("download-item");
  await expect(downloads).toHaveCount(4);
  await expect(downloads.getByRole("heading")).toHaveText([
    "The Witness Consciousness Guide",
    "Handling Objections with Presence",
    "Ego Interrupt Practice",
    "Traditional vs. Presence Selling",
  ]);
  await expect(downloads.filter({ hasText: "2,847 downloads" })).toHaveCount(1);
  await expect(downloads.getByRole("link", { name: /^Download/ })).toHaveCount(4);

  const cards = page.getByTestId("article-teasers").getByTestId("article-teaser");
  await expect(cards).toHaveCount(5);
  for (const [index, [title, category, readTime, path]] of teasers.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole("heading")).toContainText(title);
    await expect(card).toContainText(category);
    await expect(card).toContainText(readTime);
    await expect(card.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
    await expect(card.getByRole("link", { name: /^Read Article/ })).toHaveAttribute("href", path);
  }
  await expectPageSeo(page, "/resources", ["FAQPage"]);
  await expect(
    page.getByText("Do I need to give my email address to download a resource?"),
  ).toBeVisible();
});

test("'Access All Resources' opens the library", async ({ page }) => {
  await gotoHydrated(page, "/resources");
  await page.getByRole("link", { name: "Access All Resources" }).click();
  await expect(page).toHaveURL(/\/all-resources$/);
  await expect(page.getByRole("heading", { level: 1, name: "All Downloads" })).toBeVisible();
});

test("'View All Articles' goes to the articles section of the library", async ({ page }) => {
  await gotoHydrated(page, "/resources");
  const viewAll = page.getByRole("link", { name: "View All Articles" });
  await expect(viewAll).toHaveAttribute("href", "/all-resources#articles");
  await viewAll.click();
  await expect(page).toHaveURL(/\/all-resources#articles$/);
  await expect(
    page.getByRole("heading", { level: 2, name: "Articles & Insights" }),
  ).toBeInViewport();
});

test("an article link opens the article at the top of the page", async ({ page }) => {
  await gotoHydrated(page, "/resources");
  const link = page.getByRole("link", { name: /^Read Article: Staying Present Under Pressure/ });
  await link.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await link.click();
  await expect(page).toHaveURL(/\/articles\/staying-present-under-pressure$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(
    "Staying Present Under Pressure",
  );
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("the subscribe box is the newsletter form, tagged with this page", async ({ page }) => {
  await gotoHydrated(page, "/resources");
  const form = page.locator("form", { has: page.getByRole("button", { name: "Subscribe" }) });
  await expect(form).toHaveAttribute("action", "/signup");
  await expect(form.getByLabel("Email address")).toHaveAttribute("type", "email");
  await expect(form.locator('input[name="source"]')).toHaveValue("/resources");
});

test("has no accessibility violations", async ({ page }) => {
  await gotoHydrated(page, "/resources");
  await expectNoAxeViolations(page);
});
