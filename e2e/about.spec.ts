import { expectContactFormLanding } from "./support/contact-links";
import { expect, expectNoAxeViolations, gotoHydrated, test } from "./support/test";

test.describe("/about", () => {
  test.beforeEach(async ({ page }) => {
    await gotoHydrated(page, "/about");
  });

  test("shows the five-step timeline, the spiritual foundation and personal life", async ({
    page,
  }) => {
    await expect(page).toHaveTitle("About Daniel Ashworth | Presence Selling");
    await expect(page.getByTestId("timeline-year")).toHaveText([
      "1978",
      "1980s",
      "Late 1980s",
      "1990s–2000s",
      "Present",
    ]);
    expect(await page.getByTestId("spiritual-foundation").getByRole("listitem").count()).toBe(5);
    await expect(page.getByTestId("personal-life")).toContainText("Boulder, Colorado");
  });

  test("plays the NASDAQ closing in a dialog from the timeline", async ({ page }) => {
    await page
      .context()
      .route("https://www.youtube-nocookie.com/**", (route) =>
        route.fulfill({ contentType: "text/html", body: "<!doctype html><title>video</title>" }),
      );
    const entry = page.getByTestId("timeline-entry").filter({ hasText: "1990s–2000s" });
    await entry.getByRole("button", { name: "Watch NASDAQ Closing" }).click();
    const dialog = page.getByRole("dialog", { name: "NASDAQ Closing Bell" });
    await expect(dialog).toBeVisible();
    const frame = dialog.locator("iframe");
    await expect(frame).toHaveAttribute(
      "src",
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/.+autoplay=1/,
    );
    await expect(dialog).toHaveAttribute("data-loaded", "true");
    // The spec's size: 95vw wide, at most 4xl (56rem = 896px), 80vh high.
    const box = (await dialog.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.width).toBeCloseTo(Math.min(viewport.width * 0.95, 896), 0);
    expect(box.height).toBeCloseTo(viewport.height * 0.8, 0);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("Read Full Story goes to /full-story", async ({ page }) => {
    await page.getByRole("link", { name: "Read Full Story" }).click();
    await expect(page).toHaveURL(/\/full-story$/);
    await expect(page.getByRole("link", { name: "Back to About" }).first()).toBeVisible();
  });

  test("Speaking Inquiries goes to the contact form, scrolled into view", async ({ page }) => {
    await page.getByRole("link", { name: "Speaking Inquiries" }).click();
    await expectContactFormLanding(page);
  });

  test("Book Speaking goes to the contact form, scrolled into view", async ({ page }) => {
    await page.getByRole("link", { name: "Book Speaking" }).click();
    await expectContactFormLanding(page);
  });

  test("Personal Consultation goes to /contact with Private Consulting preset", async ({
    page,
  }) => {
    const link = page.getByRole("link", { name: "Personal Consultation" });
    await expect(link).toHaveAttribute("href", "/contact?interest=Private%20Consulting");
    await link.click();
    await page.waitForURL((url) => url.pathname === "/contact");
    expect(new URL(page.url()).searchParams.get("interest")).toBe("Private Consulting");
    await expect(page.getByLabel("Interest")).toHaveValue("Private Consulting");
  });

  test("has no accessibility violations", async ({ page }) => {
    await expectNoAxeViolations(page);
  });
});
