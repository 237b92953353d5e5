import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { Page } from "@playwright/test";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { startStripeFake, type StripeFake } from "../support/stripe-fake";
import { linkPath, waitForEmail } from "./support/captured-mail";
import { fitsTheWidth } from "./support/look-at";
import { expect, expectNoAxeViolations, gotoHydrated, keepScreenshot, test } from "./support/test";

/** Issue 37: a registration through the fake Stripe, its cancellation, the waiting list. */

test.describe("registering through Stripe Checkout", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  let fake: StripeFake;
  let server: BuiltServer;
  let dataDir: string;

  test.beforeAll(async () => {
    fake = await startStripeFake();
    dataDir = mkdtempSync(path.join(tmpdir(), "e2e-workshop-"));
    server = await startBuiltServer({
      DATABASE_URL: `file:${path.join(dataDir, "site.db")}`,
      MAIL_DIR: path.join(dataDir, "mail"),
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      STRIPE_API_BASE: fake.url,
      WORKSHOP_RATE_LIMIT: "50",
      CHECKOUT_RATE_LIMIT: "50",
    });
    // Two cohorts straight into the server's database: one roomy, one with a single seat.
    const db = new SQLite(path.join(dataDir, "site.db"));
    db.pragma("busy_timeout = 5000");
    const now = new Date().toISOString();
    const insert = db.prepare(
      `insert into workshop_events (id, kind, title, description, location, venue, start_date, end_date,
        seats, held, sold, price_cents, deposit_cents, invite_sequence, created_at, updated_at)
       values (?, 'Workshop', 'Presence-Based Selling Foundations', 'The 3-day workshop.', ?, ?, ?, ?, ?, 0, 0, 1449500, 250000, 0, ?, ?)`,
    );
    insert.run(
      "cohort-roomy",
      "Boulder, CO",
      "The Riverside",
      "2030-06-04",
      "2030-06-06",
      20,
      now,
      now,
    );
    insert.run("cohort-tiny", "Denver, CO", null, "2030-09-10", "2030-09-12", 1, now, now);
    db.close();
  });
  test.afterAll(async () => {
    await server?.stop();
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function registerOn(page: Page, label: string, width: number) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${server.baseURL}/foundations-program#cohorts`);
    const cohort = page.getByTestId("cohort").filter({ hasText: "June 4–6, 2030" });
    await expect(cohort.getByTestId("seats-left")).toContainText("seats left");
    await cohort.getByLabel("Your name").fill(`Attendee ${label}`);
    await cohort.getByLabel("Your email").fill(`attendee-${label}@example.com`);
    await expect(cohort.getByLabel(/^Deposit of \$2,500/)).toBeChecked();
    await keepScreenshot(page, {
      path: test.info().outputPath(`cohorts-${label}.png`),
      fullPage: true,
    });
    await fitsTheWidth(page, `cohorts ${label}`);
    // The button says the amount of the option chosen, and back.
    await cohort.getByLabel("The full $14,495").check();
    await expect(cohort.getByRole("button", { name: /^Register and pay/ })).toHaveAccessibleName(
      "Register and pay $14,495",
    );
    await keepScreenshot(cohort, { path: test.info().outputPath(`full-chosen-${label}.png`) });
    await cohort.getByLabel(/^Deposit of \$2,500/).check();
    await cohort.getByRole("button", { name: "Register and pay $2,500 deposit" }).click();
    await expect(page).toHaveURL(/\/c\/pay\/cs_test_\w+/);
    await expect(page.getByTestId("fake-total")).toHaveText("250000");
    const sessionId = /cs_test_\w+/.exec(page.url())![0];
    fake.completeSession(sessionId);
    await page.goto(`${server.baseURL}/foundations-program/registered?session_id=${sessionId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're registered");
    await expect(page.getByTestId("paid-amount")).toHaveText("$2,500");
    await expect(page.getByTestId("balance-due")).toHaveText("$11,995");
    await keepScreenshot(page, {
      path: test.info().outputPath(`registered-${label}.png`),
      fullPage: true,
    });
    await fitsTheWidth(page, `confirmation ${label}`);
  }

  /** The confirmation's cancellation link: the policy, the button, the refund, the spent link. */
  async function cancelFromTheEmail(page: Page, label: string) {
    const email = await waitForEmail(
      `attendee-${label}@example.com`,
      "You're registered",
      () => true,
      path.join(dataDir, "mail"),
    );
    const cancelPath = linkPath(email, "/foundations-program/cancel");
    await page.goto(`${server.baseURL}${cancelPath}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cancel your registration");
    await expect(page.getByTestId("policy")).toContainText("A full refund of $2,500");
    await keepScreenshot(page, {
      path: test.info().outputPath(`cancel-${label}.png`),
      fullPage: true,
    });
    await fitsTheWidth(page, `cancellation ${label}`);
    const refundsBefore = fake.refunds.size;
    await page.getByRole("button", { name: "Cancel and refund $2,500" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Your registration is cancelled",
    );
    await expect(page.getByRole("status")).toContainText("We have refunded $2,500");
    expect(fake.refunds.size).toBe(refundsBefore + 1);
    await keepScreenshot(page, {
      path: test.info().outputPath(`cancelled-${label}.png`),
      fullPage: true,
    });
    // The spent link says so on opening.
    const spent = await page.goto(`${server.baseURL}${cancelPath}`);
    expect(spent?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "This registration is already cancelled",
    );
    await fitsTheWidth(page, `spent cancellation ${label}`);
  }

  for (const javaScript of [true, false]) {
    test.describe(`JavaScript ${javaScript ? "on" : "off"}`, () => {
      test.use({ javaScriptEnabled: javaScript });
      for (const width of [390, 1280]) {
        test(`registers at ${width} px, reaches the confirmation, and cancels`, async ({
          page,
          allowConsoleErrors,
        }) => {
          // The spent cancellation link answers 410, which the browser logs.
          allowConsoleErrors(/Failed to load resource/);
          const label = `${javaScript ? "js" : "no-js"}-${width}`;
          await registerOn(page, label, width);
          if (javaScript && width === 1280) await expectNoAxeViolations(page);
          await cancelFromTheEmail(page, label);
          if (javaScript && width === 1280) await expectNoAxeViolations(page);
        });
      }
    });
  }

  // Issue 50 point 1 (decision 318): the server's refusal keeps every choice, the error focused.
  for (const javaScript of [true, false]) {
    test.describe(`a refusal, JavaScript ${javaScript ? "on" : "off"}`, () => {
      test.use({ javaScriptEnabled: javaScript });
      test("keeps what was chosen and focuses the field to fix", async ({
        page,
        allowConsoleErrors,
      }) => {
        // The refusal is answered 400, which the browser logs.
        allowConsoleErrors(/Failed to load resource/);
        await page.goto(`${server.baseURL}/foundations-program#cohorts`);
        const cohort = page.getByTestId("cohort").filter({ hasText: "June 4–6, 2030" });
        await cohort.getByLabel("Your name").fill("Refused Person");
        // The browser takes this address; the server wants a domain with a dot.
        await cohort.getByLabel("Your email").fill("refused@example");
        await cohort.getByLabel("The full $14,495").check();
        await cohort.getByRole("button", { name: "Register and pay $14,495" }).click();
        await expect(cohort.getByTestId("cohort-answer")).toHaveText("Enter a valid email address");
        await expect(cohort.getByLabel("Your name")).toHaveValue("Refused Person");
        await expect(cohort.getByLabel("Your email")).toHaveValue("refused@example");
        await expect(cohort.getByLabel("Your email")).toBeFocused();
        await expect(cohort.getByLabel("The full $14,495")).toBeChecked();
        await expect(
          cohort.getByRole("button", { name: /^Register and pay/ }),
        ).toHaveAccessibleName("Register and pay $14,495");
        if (javaScript) await expectNoAxeViolations(page);
        await keepScreenshot(page, {
          path: test.info().outputPath(`refused-${javaScript ? "js" : "no-js"}.png`),
        });
      });
    });
  }

  test("a full cohort offers its waiting list", async ({ page }) => {
    await page.goto(`${server.baseURL}/foundations-program#cohorts`);
    const tiny = page.getByTestId("cohort").filter({ hasText: "September 10–12, 2030" });
    // A second visitor fills the form for the same last seat and presses Register after.
    const loser = await page.context().newPage();
    await loser.goto(`${server.baseURL}/foundations-program#cohorts`);
    const lost = () => loser.getByTestId("cohort").filter({ hasText: "September 10–12, 2030" });
    await lost().getByLabel("Your name").fill("Late Comer");
    await lost().getByLabel("Your email").fill("late@example.com");
    await tiny.getByLabel("Your name").fill("First Comer");
    await tiny.getByLabel("Your email").fill("first@example.com");
    await tiny.getByRole("button", { name: /Register and pay/ }).click();
    await expect(page).toHaveURL(/\/c\/pay\//);
    // The loser of the race gets the waiting list with what they typed already there.
    await lost()
      .getByRole("button", { name: /Register and pay/ })
      .click();
    await expect(lost().getByRole("button", { name: "Join the waiting list" })).toBeVisible();
    await expect(lost().getByLabel("Your name")).toHaveValue("Late Comer");
    await expect(lost().getByLabel("Your email")).toHaveValue("late@example.com");
    await expect(lost().getByTestId("cohort-answer")).toBeFocused();
    await loser.close();
    // The one seat is held while the first visitor pays: the next one is offered the line.
    await gotoHydrated(page, `${server.baseURL}/foundations-program#cohorts`);
    const full = page.getByTestId("cohort").filter({ hasText: "September 10–12, 2030" });
    await expect(full.getByTestId("seats-left")).toHaveText("Full: join the waiting list");
    await full.getByLabel("Your name").fill("Patient Person");
    await full.getByLabel("Your email").fill("patient@example.com");
    await full.getByRole("button", { name: "Join the waiting list" }).click();
    await expect(page.getByTestId("cohort-answer")).toContainText("You are on the waiting list");
    await expectNoAxeViolations(page);
    await keepScreenshot(page, {
      path: test.info().outputPath("waitlist-joined.png"),
      fullPage: true,
    });
  });
});
