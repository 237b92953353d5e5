import { signInThroughEmail } from "./support/admin-sign-in";
import { queryDatabase, writeDatabase } from "./support/console-database";
import { fitsTheWidth } from "./support/look-at";
import { expect, expectNoAxeViolations, gotoHydrated, keepScreenshot, test } from "./support/test";

/** Issue 37: the owner's dates in the console. */

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
    await expect(page.getByRole("heading", { name: "Cancel this cohort" })).toBeVisible();
    await expectNoAxeViolations(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await keepScreenshot(page, {
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

  test("writes to a cohort's paid attendees through the broadcasts", async ({ page }) => {
    test.setTimeout(90_000);
    // A cohort with two paid seats and one checkout in progress, seeded on this server's database.
    const run = `letters-${Date.now()}`;
    const now = new Date().toISOString();
    await writeDatabase(
      `INSERT INTO workshop_events (id, kind, title, description, location, venue, start_date, end_date,
        seats, held, sold, price_cents, deposit_cents, invite_sequence, created_at, updated_at)
       VALUES (?, 'Workshop', 'Foundations', 'The 3-day workshop.', 'Boulder, CO', 'The Riverside',
        '2031-03-11', '2031-03-13', 8, 1, 2, 1449500, 250000, 0, ?, ?)`,
      [run, now, now],
    );
    for (const [n, status] of [
      [1, "paid"],
      [2, "paid"],
      [3, "held"],
    ] as const) {
      const email = `${run}-${n}@example.com`;
      await writeDatabase(
        `INSERT INTO people (id, email, email_key, source, first_seen_at, last_seen_at)
         VALUES (?, ?, ?, '/foundations-program', ?, ?)`,
        [`${run}-${n}`, email, email, now, now],
      );
      await writeDatabase(
        `INSERT INTO workshop_registrations (id, event_id, name, email, person_id, status, payment,
          price_cents, charged_cents, amount_paid_cents, hold_expires_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, 'deposit', 1449500, 250000, ?, ?, ?, ?)`,
        [
          `${run}-r${n}`,
          run,
          `Attendee ${n}`,
          email,
          `${run}-${n}`,
          status,
          status === "paid" ? 250000 : 0,
          now,
          now,
          now,
        ],
      );
    }
    await signInThroughEmail(page, "cohort-letters@console-e2e.test");
    await page.goto(`/admin/workshops/${run}`);
    await page.getByRole("link", { name: "Write to this cohort" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Write a broadcast");
    const audience = page.getByTestId("group-audience");
    await expect(audience).toContainText("Attendees of Foundations, March 11–13, 2031");
    await expect(audience).toContainText("The waiting list is not included");
    await expect(page.getByTestId("recipient-count")).toHaveText("2 recipients now");
    await page.getByLabel("Subject").fill("Parking on day one");
    await page.getByLabel("Letter (Markdown)").fill("Park behind **The Riverside**.");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Parking on day one");
    await expect(page.getByTestId("group-audience")).toContainText("Attendees of Foundations");
    await expectNoAxeViolations(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await keepScreenshot(page, {
        path: test.info().outputPath(`cohort-letter-${width}.png`),
        fullPage: true,
      });
      await fitsTheWidth(page, `cohort letter at ${width} px`);
    }
    await page.getByRole("button", { name: /^Send now/ }).click();
    await expect(page.getByTestId("broadcast-group")).toContainText("Attendees of Foundations");
    await expect
      .poll(async () =>
        (
          await queryDatabase(
            `SELECT p.email FROM broadcast_deliveries d JOIN people p ON p.id = d.person_id
             JOIN broadcasts b ON b.id = d.broadcast_id WHERE b.audience_group = ? ORDER BY p.email`,
            [`workshop-cohort:${run}`],
          )
        ).map((row) => row.email),
      )
      .toEqual([`${run}-1@example.com`, `${run}-2@example.com`]);
    await page.goto(`/admin/workshops/${run}`);
    await expect(page.getByTestId("cohort-letters")).toContainText("Parking on day one");
    await expectNoAxeViolations(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await keepScreenshot(page, {
        path: test.info().outputPath(`cohort-page-letters-${width}.png`),
        fullPage: true,
      });
      await fitsTheWidth(page, `cohort page with letters at ${width} px`);
    }
  });
});
