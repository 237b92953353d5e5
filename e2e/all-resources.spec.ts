import { expectPageSeo } from "./support/page-seo";
import { expect, expectNoAxeViolations, gotoHydrated, test } from "./support/test";

test("lists 11 items in three categories with their details", async ({ page }) => {
  await gotoHydrated(page, "/all-resources");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Downloads");
  await expect(page.getByTestId("library-item")).toHaveCount(11);

  const categories = page.getByTestId("library-category");
  await expect(categories.getByRole("heading", { level: 2 })).toHaveText([
    "Free Guides",
    "Audio Practices",
    "Articles & Insights",
  ]);
  await expect(categories.nth(0).getByTestId("library-item")).toHaveCount(5);
  await expect(categories.nth(1).getByTestId("library-item")).toHaveCount(4);
  await expect(categories.nth(2).getByTestId("library-item")).toHaveCount(2);

  const counts = page.getByTestId("download-count");
  for (const count of ["4,283", "2,847", "1,923", "3,156"]) {
    await expect(counts.filter({ hasText: `${count} downloads` })).toHaveCount(1);
  }
  await expect(page.getByTestId("popular-badge")).toHaveCount(4);
  for (const type of [
    "Book Preview",
    "PDF Guide",
    "Infographic",
    "PDF Workbook",
    "Audio",
    "Article",
  ]) {
    await expect(page.getByTestId("library-item").filter({ hasText: type }).first()).toBeVisible();
  }
  await expect(
    page.getByTestId("library-item").getByRole("link", { name: /^Download/ }),
  ).toHaveCount(7);
  await expect(
    page.getByTestId("library-item").getByRole("button", { name: /^Download/ }),
  ).toHaveCount(3);
  await expect(page.getByTestId("library-item").filter({ hasText: "1 min 45 sec" })).toHaveCount(1);
  await expectPageSeo(page, "/all-resources");
});

test("Sample Chapter Excerpts opens the free preview", async ({ page }) => {
  await gotoHydrated(page, "/all-resources");
  const item = page.getByTestId("library-item").filter({ hasText: "Sample Chapter Excerpts" });
  await expect(item).toContainText("Book Preview");
  await item.getByRole("link", { name: /^Read Excerpts/ }).click();
  await expect(page).toHaveURL(/\/sample-excerpts$/);
});

test("the articles section lists every article to read", async ({ page }) => {
  await gotoHydrated(page, "/all-resources#articles");
  const section = page.locator("section#articles");
  await expect(section.getByRole("heading", { level: 2 })).toHaveText("Articles & Insights");
  await expect(section.getByTestId("article-teaser")).toHaveCount(5);
  await expect(section.getByRole("link", { name: /^Read Article/ })).toHaveCount(5);
  await section.getByRole("link", { name: /^Read Article: Why Most Sales Training Fails/ }).click();
  await expect(page).toHaveURL(/\/articles\/why-sales-training-fails$/);
});

test("the newsletter box is the subscribe form, tagged with this page", async ({ page }) => {
  await gotoHydrated(page, "/all-resources");
  const form = page.locator("form", { has: page.getByRole("button", { name: "Subscribe" }) });
  await expect(form).toHaveAttribute("action", "/signup");
  await expect(form.getByLabel("Email address")).toHaveAttribute("type", "email");
  await expect(form.locator('input[name="source"]')).toHaveValue("/all-resources");
});

test("has no accessibility violations", async ({ page }) => {
  await gotoHydrated(page, "/all-resources");
  await expectNoAxeViolations(page);
});
