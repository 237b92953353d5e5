import { signInThroughEmail } from "./support/admin-sign-in";
import { fitsTheWidth } from "./support/look-at";
import { expect, expectNoAxeViolations, gotoHydrated, test } from "./support/test";

/**
 * Issue 37: the owner's dates in the console. A console spec: it runs on the SQLite server and,
 * in the console-postgres project, on the Postgres-backed one.
 */

test.describe("the owner's workshop dates", () => {
  test("adds a cohort with per-field messages, lists it, and shows it on the site", async ({
    page,
    allowConsoleErrors,
  }) => {
    test.setTimeout(90_000);
    // The refused form answers 400, which the browser logs.
    allowConsoleErrors(/Failed to load resource/);
    await signInThroughEmail(page, "workshops@console-e2e.test");
    await page.goto("/admin/workshops");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Workshops and events");
    await expect(page.getByTestId("event-list")).toContainText("Presence Over Persuasion");
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Add an event" }).click();
    const title = `Foundations ${Date.now()}`;
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("City").fill("Boulder, CO");
    await page.getByLabel("Description").fill("The 3-day in-person foundations workshop.");
    await page.getByLabel("First day").fill("2030-05-07");
    await page.getByLabel("Last day (optional)").fill("2030-05-05");
    await page.getByLabel("Seats").fill("12");
    await page.getByLabel("Deposit in dollars (optional)").fill("20000");
    await page.getByRole("button", { name: "Save event" }).click();
    await expect(page.locator("#endDate-error")).toHaveText(
      "The last day must be on or after the first day",
    );
    await expect(page.locator("#deposit-error")).toHaveText(
      "The deposit must be at least $1 and less than the price",
    );
    await expectNoAxeViolations(page);
    await page.getByLabel("Last day (optional)").fill("2030-05-09");
    await page.getByLabel("Deposit in dollars (optional)").fill("2500");
    await page.getByRole("button", { name: "Save event" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByTestId("seat-counts")).toHaveText("0 sold, 0 held, 12 free of 12");
    await expectNoAxeViolations(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: test.info().outputPath(`console-cohort-${width}.png`),
        fullPage: true,
      });
      await fitsTheWidth(page, `console cohort at ${width} px`);
    }
    await page.goto("/admin/audit");
    // The audit log's action filter offers only the actions it holds.
    await expect(page.locator("option[value='workshops.event-created']")).toHaveCount(1);

    await gotoHydrated(page, "/foundations-program");
    await expect(page.getByTestId("cohorts")).toContainText("May 7–9, 2030");
    await expect(page.getByTestId("cohorts")).toContainText("12 seats left");
    // The spec's two buttons are still there.
    await expect(page.getByRole("link", { name: "Request Information" }).first()).toBeVisible();
    await expect(page.getByText("Schedule Consultation").first()).toBeVisible();
    await page.goto("/contact");
    await page.getByText("View All Events").click();
    await expect(page.getByTestId("all-events")).toContainText(title);
  });
});
