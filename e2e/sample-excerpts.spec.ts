import { expectPageSeo } from "./support/page-seo";
import { expect, expectNoAxeViolations, gotoHydrated, test } from "./support/test";

test("previews Chapters 2, 4 and 9 with every part of an excerpt", async ({ page }) => {
  await gotoHydrated(page, "/sample-excerpts");
  await expect(page.getByText("Free Preview", { exact: true })).toBeVisible();
  await expect(page.getByTestId("read-time")).toHaveText("10-minute read");
  await expect(page.getByTestId("chapter-count")).toContainText("15 chapters");

  const chapters = page.getByTestId("sample-chapter");
  await expect(chapters).toHaveCount(3);
  for (const [index, label] of ["Chapter 2", "Chapter 4", "Chapter 9"].entries()) {
    const chapter = chapters.nth(index);
    await expect(chapter).toContainText(label);
    await expect(chapter.getByRole("heading", { level: 2 })).toBeVisible();
    await expect(chapter.getByRole("heading", { name: "Real-World Scenario" })).toBeVisible();
    await expect(chapter.getByRole("heading", { name: "Ego response" })).toBeVisible();
    await expect(chapter.getByRole("heading", { name: "Witness response" })).toBeVisible();
    await expect(chapter.getByRole("heading", { name: /^Practice/ })).toBeVisible();
    await expect(chapter.getByText("Key Insight")).toBeVisible();
  }
  await expectPageSeo(page, "/sample-excerpts", ["Book"]);
});

test("links to the purchase page and the book page", async ({ page }) => {
  await gotoHydrated(page, "/sample-excerpts");
  const buy = page.getByRole("link", { name: "Get the Full Book" });
  await expect(buy.first()).toHaveAttribute("href", "/buy-now");
  await expect(page.getByRole("link", { name: "About the Book" }).first()).toHaveAttribute(
    "href",
    "/book",
  );
});

test("the chapter list jumps to a chapter", async ({ page }) => {
  await gotoHydrated(page, "/sample-excerpts");
  await page
    .getByRole("navigation", { name: "Chapters in this preview" })
    .getByRole("link")
    .nth(2)
    .click();
  await expect(page).toHaveURL(/#chapter-9$/);
  await expect(page.getByRole("heading", { level: 2, name: /Love vs\. Fear/ })).toBeInViewport();
});

test("has no accessibility violations", async ({ page }) => {
  await gotoHydrated(page, "/sample-excerpts");
  await expectNoAxeViolations(page);
});
