import Database from "better-sqlite3";
import { startBookingSite, type BookingSite } from "./support/booking-site";
import { linkPath, waitForEmail } from "./support/captured-mail";
import { lookAt } from "./support/look-at";
import { openSlotDay } from "./support/slot-picker";
import { expect, gotoHydrated, hydrate, test } from "./support/test";

// A Schedule button opens the built-in booking only without SCHEDULING_URL, which the shared e2e
// server sets (training, contact and foundations specs check the button then goes there): this
// walk-through runs on a server of its own, one test after the other.
test.describe.configure({ mode: "serial" });
let site: BookingSite;
test.beforeAll(async () => {
  // A server's start takes more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  site = await startBookingSite();
});
test.afterAll(async () => {
  await site?.stop();
});

for (const javaScript of [true, false]) {
  test.describe(`the public booking with JavaScript ${javaScript ? "on" : "off"}`, () => {
    // The browser's own zone, which the page takes with JavaScript; the visitor then changes it.
    test.use({ javaScriptEnabled: javaScript, timezoneId: "Europe/London" });

    test("opens from the contact page's Schedule button, books a free intro call in the visitor's zone and confirms it from the email", async ({
      page,
      context,
    }) => {
      // Five pages, each looked at twice and checked by axe, and two emails.
      test.setTimeout(180_000);
      const name = javaScript ? "Priya Zone" : "Ravi Nojs Zone";
      const email = `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`;
      const contactPage = `${site.baseURL}/contact`;
      if (javaScript) await gotoHydrated(page, contactPage);
      else await page.goto(contactPage);
      const newTab = context.waitForEvent("page");
      await page
        .getByRole("link", { name: /Schedule Call/ })
        .first()
        .click();
      const booking = await newTab;
      // With JavaScript the page reloads once in the browser's zone; without, the owner's stays.
      await booking.waitForURL(
        javaScript ? `${site.baseURL}/booking?tz=Europe%2FLondon` : `${site.baseURL}/booking`,
      );
      await expect(booking.getByRole("heading", { level: 1 })).toHaveText("Book a free intro call");
      await expect(booking.getByLabel("Time zone")).toHaveValue(
        javaScript ? "Europe/London" : "America/Denver",
      );
      // The page names the zone it shows, and calls it the host's until the visitor chooses.
      await expect(booking.getByTestId("slot-zone")).toHaveText(
        javaScript
          ? "Times shown in Europe/London (United Kingdom Time)."
          : "Times shown in America/Denver (Mountain Time), the host's time zone. To see them in yours, choose it below.",
      );
      await expect(booking.locator("main")).not.toContainText("your time zone");
      if (javaScript) await hydrate(booking);
      await booking.getByLabel("Time zone").selectOption("Australia/Lord_Howe");
      await booking.getByRole("button", { name: "Show times" }).click();
      // A document navigation: the weeks are counted once the whole page has loaded, not while
      // the browser is still parsing it (the heading and the zone come first).
      await booking.waitForURL(/tz=Australia%2FLord_Howe/);
      await expect(booking.getByLabel("Time zone")).toHaveValue("Australia/Lord_Howe");
      await expect(booking.getByTestId("slot-zone")).toContainText(
        "Times shown in Australia/Lord Howe",
      );
      // The weeks fold: the first is open on its first day, the others are one line each.
      const weeks = booking.locator("details[data-slot-week]");
      expect(await weeks.count()).toBeGreaterThanOrEqual(7);
      await expect(weeks.first()).toHaveAttribute("open", "");
      await expect(weeks.nth(1)).not.toHaveAttribute("open");
      await lookAt(booking, `booking-page-js-${javaScript ? "on" : "off"}`, javaScript);

      const day = await openSlotDay(booking, javaScript ? 2 : 3);
      await day.locator("input[name=start]").nth(1).check();
      await booking.getByLabel("Your name").fill(name);
      await booking.getByLabel("Email").fill(email);
      await booking.getByRole("button", { name: "Hold this time" }).click();
      await expect(booking.getByTestId("booking-held")).toBeVisible();
      // What is held, in the visitor's zone and the host's, the address, the hold's real length.
      await expect(booking.getByTestId("booking-held-text")).toContainText(
        "We hold this time for you for 10 minutes, until",
      );
      await expect(booking.getByTestId("booking-summary-when")).toContainText(
        "Australia/Lord Howe",
      );
      await expect(booking.getByTestId("booking-summary-owner-when")).toContainText(
        "America/Denver (Mountain Time)",
      );
      await expect(booking.getByTestId("booking-summary-email")).toContainText(email);
      await expect(booking.getByTestId("booking-summary-hold")).toContainText("10 minutes, until");
      await lookAt(booking, `booking-held-js-${javaScript ? "on" : "off"}`, javaScript);

      const confirmation = await waitForEmail(
        email,
        "Please confirm your intro call",
        undefined,
        site.mailDir,
      );
      await booking.goto(`${site.baseURL}${linkPath(confirmation, "/booking/confirm")}`);
      if (javaScript) await hydrate(booking);
      await expect(booking.getByTestId("booking-summary-when")).toContainText(
        "Australia/Lord Howe",
      );
      await expect(booking.getByTestId("booking-summary-email")).toContainText(email);
      await lookAt(booking, `booking-confirm-js-${javaScript ? "on" : "off"}`, javaScript);
      await booking.getByRole("button", { name: "Confirm my booking" }).click();
      await expect(booking.getByTestId("booking-confirm-outcome")).toHaveAttribute(
        "data-outcome",
        "just-confirmed",
      );
      await expect(booking.getByTestId("booking-summary-when")).toContainText(
        "Australia/Lord Howe",
      );
      await expect(booking.getByRole("heading", { level: 1 })).toHaveText(
        "Your intro call is booked",
      );
      await lookAt(booking, `booking-confirmed-js-${javaScript ? "on" : "off"}`, javaScript);
      const booked = await waitForEmail(email, "Booked: Intro call", undefined, site.mailDir);
      // The email states the time in the zone the visitor chose.
      expect(booked.text).toMatch(/Lord.Howe/);

      // The used link says so on opening, and offers no button.
      const confirmPath = `${site.baseURL}${linkPath(confirmation, "/booking/confirm")}`;
      const spent = await booking.goto(confirmPath);
      expect(spent?.status()).toBe(200);
      await expect(booking.getByTestId("booking-confirm-outcome")).toHaveAttribute(
        "data-outcome",
        "confirmed",
      );
      await expect(booking.getByRole("button", { name: "Confirm my booking" })).toHaveCount(0);
    });

    test("says a lapsed hold has lapsed when its link is opened, with no button", async ({
      page,
      allowConsoleErrors,
    }) => {
      test.setTimeout(120_000);
      // The lapsed link answers 410, which the browser logs.
      allowConsoleErrors(/status of 410/);
      const email = `lapsing.${javaScript ? "on" : "off"}@example.com`;
      await page.goto(`${site.baseURL}/booking?tz=America/Denver`);
      const day = await openSlotDay(page, javaScript ? 5 : 6);
      await day.locator("input[name=start]").first().check();
      await page.getByLabel("Your name").fill("Lapsing Visitor");
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Hold this time" }).click();
      await expect(page.getByTestId("booking-held")).toBeVisible();
      const confirmation = await waitForEmail(
        email,
        "Please confirm your intro call",
        undefined,
        site.mailDir,
      );
      // The hold's time runs out (aged in the database rather than waited for).
      const db = new Database(site.databaseFile);
      try {
        db.prepare("UPDATE bookings SET hold_expires_at = ? WHERE email = ?").run(
          new Date(Date.now() - 1000).toISOString(),
          email,
        );
      } finally {
        db.close();
      }
      const lapsed = await page.goto(
        `${site.baseURL}${linkPath(confirmation, "/booking/confirm")}`,
      );
      expect(lapsed?.status()).toBe(410);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("This hold has lapsed");
      await expect(page.getByTestId("booking-summary-when")).toContainText("America/Denver");
      await expect(page.getByRole("button", { name: "Confirm my booking" })).toHaveCount(0);
      await expect(page.getByTestId("booking-again")).toHaveAttribute("href", "/booking");
      await lookAt(page, `booking-lapsed-js-${javaScript ? "on" : "off"}`, javaScript);
    });
  });
}
