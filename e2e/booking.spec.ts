import { linkPath, waitForEmail } from "./support/captured-mail";
import { lookAt } from "./support/look-at";
import { expect, hydrate, test } from "./support/test";

for (const javaScript of [true, false]) {
  test.describe(`the public booking with JavaScript ${javaScript ? "on" : "off"}`, () => {
    // The browser's own zone, which the page takes with JavaScript; the visitor then changes it.
    test.use({ javaScriptEnabled: javaScript, timezoneId: "Europe/London" });

    test("books a free intro call in the visitor's zone and confirms it from the email", async ({
      page,
    }) => {
      // Four pages, each looked at twice and checked by axe, and two emails.
      test.setTimeout(180_000);
      const name = javaScript ? "Priya Zone" : "Ravi Nojs Zone";
      const email = `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`;
      await page.goto("/booking");
      // With JavaScript the page reloads once in the browser's zone; without, the owner's stays.
      await expect(page).toHaveURL(javaScript ? /tz=Europe%2FLondon/ : /\/booking$/);
      await expect(page.getByLabel("Your time zone")).toHaveValue(
        javaScript ? "Europe/London" : "America/Denver",
      );
      if (javaScript) await hydrate(page);
      await page.getByLabel("Your time zone").selectOption("Australia/Lord_Howe");
      await page.getByRole("button", { name: "Show times" }).click();
      await expect(page).toHaveURL(/tz=Australia%2FLord_Howe/);
      await expect(page.getByLabel("Your time zone")).toHaveValue("Australia/Lord_Howe");
      await lookAt(page, `booking-page-js-${javaScript ? "on" : "off"}`, javaScript);

      // Days apart from the other booking specs (they take the first and fifth to tenth days).
      const day = page.locator("details").nth(javaScript ? 2 : 3);
      await day.locator("summary").click();
      await day.locator("input[name=start]").nth(1).check();
      await page.getByLabel("Your name").fill(name);
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Hold this time" }).click();
      await expect(page.getByTestId("booking-held")).toBeVisible();
      await lookAt(page, `booking-held-js-${javaScript ? "on" : "off"}`, javaScript);

      const confirmation = await waitForEmail(email, "Please confirm your intro call");
      await page.goto(linkPath(confirmation, "/booking/confirm"));
      if (javaScript) await hydrate(page);
      await lookAt(page, `booking-confirm-js-${javaScript ? "on" : "off"}`, javaScript);
      await page.getByRole("button", { name: "Confirm my booking" }).click();
      await expect(page.getByTestId("booking-confirm-outcome")).toHaveAttribute(
        "data-outcome",
        "confirmed",
      );
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your intro call is booked");
      await lookAt(page, `booking-confirmed-js-${javaScript ? "on" : "off"}`, javaScript);
      const booked = await waitForEmail(email, "Booked: Intro call");
      // The email states the time in the zone the visitor chose.
      expect(booked.text).toMatch(/Lord.Howe/);
    });
  });
}
