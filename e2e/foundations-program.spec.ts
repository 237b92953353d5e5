import { jsonLdOfType } from "./support/json-ld";
import {
  blockNewTabs,
  expectScheduleFallsBackToSameWindow,
  expectScheduleOpensNewTab,
} from "./support/scheduling";
import { expect, expectNoAxeViolations, gotoHydrated, test } from "./support/test";

test.describe("/foundations-program", () => {
  test("states the format, hours and investment", async ({ page }) => {
    await gotoHydrated(page, "/foundations-program");
    await expect(page).toHaveTitle(
      "Foundations Program: 3-Day Presence-Based Selling Intensive | Presence Selling",
    );
    const facts = page.getByTestId("program-facts");
    await expect(facts).toContainText("3 days · In-person intensive");
    await expect(facts).toContainText("9:00am – 5:00pm daily");
    await expect(facts).toContainText("$14,495");
  });

  test("lists seven modules, the daily schedule, seven role-plays and three materials", async ({
    page,
  }) => {
    await gotoHydrated(page, "/foundations-program");
    await expect(page.getByTestId("modules").getByRole("listitem")).toHaveCount(7);
    const blocks = page.getByTestId("daily-schedule").getByRole("listitem");
    await expect(blocks).toHaveCount(2);
    await expect(blocks.nth(0)).toContainText("Morning");
    await expect(blocks.nth(0).getByTestId("block-hours")).toHaveText("9:00–12:30");
    await expect(blocks.nth(1)).toContainText("Afternoon");
    await expect(blocks.nth(1).getByTestId("block-hours")).toHaveText("1:30–5:00");
    await expect(page.getByTestId("role-plays").getByRole("listitem")).toHaveCount(7);
    await expect(page.getByTestId("materials").getByRole("heading")).toHaveText([
      "Workbook",
      "Case Study Library",
      "90-Day Integration Plan",
    ]);
  });

  test("Schedule Consultation opens the scheduling page in a new tab", async ({ page }) => {
    await gotoHydrated(page, "/foundations-program");
    await expectScheduleOpensNewTab(
      page,
      page.getByRole("link", { name: /Schedule Consultation/ }).first(),
    );
  });

  test("Schedule Consultation navigates this window when the new tab is blocked", async ({
    page,
  }) => {
    await blockNewTabs(page);
    await gotoHydrated(page, "/foundations-program");
    await expectScheduleFallsBackToSameWindow(
      page,
      page.getByRole("link", { name: /Schedule Consultation/ }).last(),
    );
  });

  test("Request Information opens the contact form preset for the program", async ({ page }) => {
    await gotoHydrated(page, "/foundations-program");
    await page.getByRole("link", { name: "Request Information" }).first().click();
    await page.waitForURL((url) => url.pathname === "/contact");
    const url = new URL(page.url());
    expect(url.searchParams.get("interest")).toBe("Corporate Training");
    expect(url.searchParams.get("message")).toContain("Foundations Program");
    expect(url.hash).toBe("#contact-form");
    await expect(page.getByLabel("Interest")).toHaveValue("Corporate Training");
  });

  test("leads back to /training", async ({ page }) => {
    await gotoHydrated(page, "/foundations-program");
    await page.getByRole("link", { name: "Back to Training" }).first().click();
    await expect(page).toHaveURL(/\/training$/);
  });

  test("is described as a course with its questions answered", async ({ page }) => {
    await gotoHydrated(page, "/foundations-program");
    const [course] = await jsonLdOfType(page, "Course");
    expect(course?.name).toBe("Foundations Program: 3-Day Presence-Based Selling Intensive");
    const [faqPage] = await jsonLdOfType(page, "FAQPage");
    expect(faqPage?.mainEntity).toHaveLength(await page.getByTestId("faq").locator("dt").count());
  });

  test("has no accessibility violations", async ({ page }) => {
    await gotoHydrated(page, "/foundations-program");
    await expectNoAxeViolations(page);
  });
});
