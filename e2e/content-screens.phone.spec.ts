import { expect, test } from "./support/test";

const paths = [
  "/method",
  "/about",
  "/full-story",
  "/book",
  "/training",
  "/foundations-program",
  "/landingpage",
];

for (const path of paths) {
  test(`${path} fits a phone screen without sideways scrolling`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    // Images keep their space: each has width and height attributes and alt text.
    for (const image of await page.locator("main img").all()) {
      await expect(image).toHaveAttribute("width", /\d+/);
      await expect(image).toHaveAttribute("height", /\d+/);
      await expect(image).toHaveAttribute("alt", /\S/);
    }
  });
}
