import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import { startBookingSite, type BookingSite } from "./support/booking-site";
import { expect, keepScreenshot, test } from "./support/test";

// The browser half of tests/http/booking-http.test.ts (moved here from Vitest, which drove
// Chromium itself): a visitor far from the owner's zone holds a call at a phone's width, with
// JavaScript on and off. It needs the built-in booking page, so a server of its own (the shared
// e2e server sets SCHEDULING_URL); both tests share it, one after the other.
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

function heldBookings(email: string) {
  const database = new Database(site.databaseFile, { readonly: true });
  try {
    return database
      .prepare("SELECT time_zone, status FROM bookings WHERE email = ?")
      .all(email) as { time_zone: string; status: string }[];
  } finally {
    database.close();
  }
}

for (const javaScriptEnabled of [true, false])
  test.describe(`the booking page with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({
      javaScriptEnabled,
      timezoneId: "Australia/Lord_Howe",
      viewport: { width: 390, height: 844 },
    });

    test(`books a call with JavaScript ${javaScriptEnabled ? "on (axe clean)" : "off"} at 390 and 1280 px`, async ({
      page: tab,
    }) => {
      test.setTimeout(120_000);
      await tab.goto(`${site.baseURL}/booking`);
      // With JavaScript the first visit takes the browser's zone; without, the select does.
      if (javaScriptEnabled) await tab.waitForURL(/tz=Australia%2FLord_Howe/);
      else {
        await tab.selectOption("#tz", "Australia/Lord_Howe");
        await tab.getByRole("button", { name: "Show times" }).click();
        await tab.waitForURL(/tz=Australia%2FLord_Howe/);
      }
      const suffix = javaScriptEnabled ? "js" : "no-js";
      for (const width of [390, 1280]) {
        await tab.setViewportSize({ width, height: 844 });
        await keepScreenshot(tab, {
          path: test.info().outputPath(`booking-${suffix}-${width}.png`),
          fullPage: true,
        });
        // axe runs as a script in the page: with JavaScript off the same HTML is not checked again.
        if (javaScriptEnabled) {
          const { violations } = await new AxeBuilder({ page: tab }).analyze();
          expect(violations.map(({ id }) => id)).toEqual([]);
        }
      }
      await tab.locator('input[name="start"]').first().check();
      await tab.getByLabel("Your name").fill("Lord Howe Visitor");
      await tab.getByLabel("Email").fill(`howe-${suffix}@example.com`);
      await tab.getByRole("button", { name: "Hold this time" }).click();
      await tab.getByTestId("booking-held").waitFor();
      await keepScreenshot(tab, {
        path: test.info().outputPath(`booking-held-${suffix}-1280.png`),
      });
      expect(heldBookings(`howe-${suffix}@example.com`)).toEqual([
        { time_zone: "Australia/Lord_Howe", status: "held" },
      ]);
    });
  });
