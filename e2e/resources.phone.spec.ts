import { expect, gotoHydrated, test } from "./support/test";

const pages = [
  "/resources",
  "/all-resources",
  "/sample-excerpts",
  "/articles/why-sales-training-fails",
  "/articles/no-self-selling-foundation",
];

for (const path of pages) {
  test(`${path} fits a phone screen without sideways scrolling`, async ({ page }) => {
    await gotoHydrated(page, path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
  });
}

test("the audio demo dialog fits the phone screen", async ({ page }) => {
  await gotoHydrated(page, "/all-resources");
  const item = page.getByTestId("download-item").filter({ hasText: "Energy Reading Technique" });
  await item.getByRole("button", { name: /^Download/ }).click();
  const dialog = page.getByRole("dialog", { name: /Energy Reading Technique/ });
  await expect(dialog).toBeInViewport({ ratio: 1 });
});
