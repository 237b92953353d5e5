import { expectContactFormLanding } from "./support/contact-links";
import { jsonLdOfType } from "./support/json-ld";
import {
  blockNewTabs,
  expectScheduleFallsBackToSameWindow,
  expectScheduleOpensNewTab,
} from "./support/scheduling";
import { expect, expectNoAxeViolations, gotoHydrated, test } from "./support/test";

test.describe("/training", () => {
  test("shows the three programs with their formats and prices", async ({ page }) => {
    await gotoHydrated(page, "/training");
    await expect(page).toHaveTitle(
      "Sales Training: One-to-One, Workshop and Corporate | Presence Selling",
    );
    const programs = page.getByTestId("program");
    await expect(programs).toHaveCount(3);
    await expect(programs.getByRole("heading", { level: 3 })).toHaveText([
      "Sales Breakthrough Hour",
      "Foundations Workshop",
      "Corporate Training",
    ]);
    const single = programs.nth(0);
    await expect(single.getByTestId("investment")).toContainText("$295");
    await expect(single.getByTestId("investment")).toContainText("Introductory rate");
    await expect(single).toContainText("60 minutes");
    await expect(programs.nth(1)).toContainText("3 days");
    await expect(programs.nth(2)).toContainText("teams of 10+");
    for (const quoted of [programs.nth(1), programs.nth(2)]) {
      await expect(quoted.getByTestId("investment").getByRole("link")).toHaveAttribute(
        "href",
        "/contact",
      );
    }
  });

  test("shows the session timeline and success stories with company and portrait", async ({
    page,
  }) => {
    await gotoHydrated(page, "/training");
    const segments = page.getByTestId("session-timeline").getByRole("listitem");
    await expect(segments.getByTestId("segment-minutes")).toHaveText([
      "0–15 min",
      "15–40 min",
      "40–60 min",
    ]);
    await expect(segments.getByRole("heading")).toHaveText(["Assessment", "Tools", "Action Plan"]);

    const stories = page.getByTestId("success-stories").getByTestId("testimonial");
    await expect(stories).toHaveCount(3);
    await expect(stories.first()).toContainText("Summit Medical Systems");
    for (const story of await stories.all()) {
      const portrait = story.getByRole("img", { name: /Illustrated portrait of/ });
      await portrait.scrollIntoViewIfNeeded();
      await expect(portrait).toHaveJSProperty("complete", true);
      expect(await portrait.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
        0,
      );
    }
  });

  test("Learn More on the foundations card goes to /foundations-program", async ({ page }) => {
    await gotoHydrated(page, "/training");
    await page
      .getByTestId("program")
      .nth(1)
      .getByRole("link", { name: "Learn More about the Foundations Workshop" })
      .click();
    await expect(page).toHaveURL(/\/foundations-program$/);
  });

  test("Corporate Inquiry goes to the contact form, scrolled into view", async ({ page }) => {
    await gotoHydrated(page, "/training");
    await page.getByRole("link", { name: "Corporate Inquiry" }).click();
    await expectContactFormLanding(page);
  });

  test("Schedule opens the scheduling page in a new tab", async ({ page }) => {
    await gotoHydrated(page, "/training");
    const buttons = page.getByRole("link", { name: /Schedule Your Session/ });
    await expect(buttons).toHaveCount(2);
    await expectScheduleOpensNewTab(page, buttons.first());
    await expectScheduleOpensNewTab(page, buttons.last());
  });

  test("Schedule navigates this window when the new tab is blocked", async ({ page }) => {
    await blockNewTabs(page);
    await gotoHydrated(page, "/training");
    await expectScheduleFallsBackToSameWindow(
      page,
      page
        .getByTestId("program")
        .first()
        .getByRole("link", { name: /Schedule Your Session/ }),
    );
  });

  test("answers questions in view and as structured data", async ({ page }) => {
    await gotoHydrated(page, "/training");
    const faq = page.getByTestId("faq");
    await expect(faq.locator("dt")).toHaveCount(4);
    const [faqPage] = await jsonLdOfType(page, "FAQPage");
    const questions = (faqPage?.mainEntity as { name: string }[]).map((entry) => entry.name);
    await expect(faq.locator("dt")).toHaveText(questions);
    const [course] = await jsonLdOfType(page, "Course");
    expect(course).toMatchObject({ name: "Presence-Based Selling Training" });
  });

  test("has no accessibility violations", async ({ page }) => {
    await gotoHydrated(page, "/training");
    await expectNoAxeViolations(page);
  });
});

test.describe("/training without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Schedule is a plain link that opens the scheduling page in a new tab", async ({ page }) => {
    await page.goto("/training");
    await expectScheduleOpensNewTab(
      page,
      page.getByRole("link", { name: /Schedule Your Session/ }).first(),
    );
  });
});
