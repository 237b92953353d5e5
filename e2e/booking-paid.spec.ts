import type { Browser } from "@playwright/test";
import ICAL from "ical.js";
import type { Email } from "postal-mime";
import { startBookingSite, type BookingSite } from "./support/booking-site";
import { waitForEmail } from "./support/captured-mail";
import { lookAt } from "./support/look-at";
import { openSlotDay } from "./support/slot-picker";
import { expect, gotoHydrated, hydrate, test } from "./support/test";

// A purchase needs sales open and Stripe (its fake): a server of its own, one test at a time.
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

/**
 * Buys the Sales Breakthrough Hour on /buy-now and pays on the Stripe fake's page (the fake marks
 * it paid: Checkout itself runs scripts, so this part always has JavaScript). Returns the page
 * Stripe sends the buyer back to.
 */
async function buySession(browser: Browser, firstName: string, email: string) {
  // The runner gives new contexts the test's options: JavaScript is switched on here by name.
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  await gotoHydrated(page, `${site.baseURL}/buy-now`);
  await page.getByTestId("format-breakthrough-session").click();
  await page.getByLabel("First Name").fill(firstName);
  await page.getByLabel("Email Address").fill(email);
  const address = page.getByTestId("address-fields");
  await address.getByLabel("Street Address").fill("1 Pearl Street");
  await address.getByLabel("City").fill("Boulder");
  await address.getByLabel("State").fill("CO");
  await address.getByLabel("ZIP Code").fill("80302");
  await page.getByTestId("purchase-button").click();
  await expect(page).toHaveURL(new RegExp(`^${site.fake.url}/c/pay/cs_test_\\w+$`));
  await expect(page.getByTestId("fake-total")).toHaveText("29500");
  const sessionId = page.url().split("/").at(-1)!;
  const paid = site.fake.completeSession(sessionId);
  await context.close();
  return paid.success_url.replace("{CHECKOUT_SESSION_ID}", sessionId);
}

/** The calendar invite attached to an email, as ical.js reads it. */
function attachedInvite(email: Email) {
  const file = email.attachments.find((attachment) =>
    attachment.mimeType.startsWith("text/calendar"),
  );
  expect(file, "an attached invite").toBeDefined();
  const text =
    typeof file!.content === "string" ? file!.content : new TextDecoder().decode(file!.content);
  return new ICAL.Component(ICAL.parse(text));
}

for (const javaScript of [true, false]) {
  test.describe(`the paid session with JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript, timezoneId: "Europe/London" });

    test("is bought, booked from the payment page's link, invited by email, and booked once only", async ({
      page,
      browser,
    }) => {
      // A purchase, four pages looked at twice and checked by axe, three emails.
      test.setTimeout(180_000);
      const buyer = javaScript ? "ada.paid@example.com" : "nils.nojs.paid@example.com";
      const returnUrl = await buySession(browser, javaScript ? "Ada" : "Nils", buyer);

      if (javaScript) await gotoHydrated(page, returnUrl);
      else await page.goto(returnUrl);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment Successful!");
      await expect(page.getByTestId("order-format")).toHaveText("Sales Breakthrough Hour");
      await lookAt(page, `paid-success-js-${javaScript ? "on" : "off"}`, javaScript);
      await page.getByRole("link", { name: "Or choose a time now" }).click();
      // With JavaScript the page reloads once in the browser's zone.
      await expect(page).toHaveURL(
        javaScript
          ? /\/booking\/session\/[\w.-]+\?tz=Europe%2FLondon$/
          : /\/booking\/session\/[\w.-]+$/,
      );
      const orderLink = page.url().replace(/\?.*$/, "");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "Book your Sales Breakthrough Hour",
      );
      // The receipt email carries the same personal link.
      const receipt = await waitForEmail(
        buyer,
        "Schedule your Sales Breakthrough Hour",
        undefined,
        site.mailDir,
      );
      expect(receipt.text).toContain(orderLink);
      if (javaScript) await hydrate(page);
      await lookAt(page, `paid-booking-page-js-${javaScript ? "on" : "off"}`, javaScript);

      const day = await openSlotDay(page, javaScript ? 1 : 2);
      const times = day.locator("input[name=start]");
      const chosen = (await times.first().getAttribute("value"))!;
      const another = (await times.last().getAttribute("value"))!;
      await times.first().check();
      await page.getByRole("button", { name: "Book this time" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your session is booked");
      await expect(page.getByTestId("booking-booked")).toBeVisible();
      await lookAt(page, `paid-booked-js-${javaScript ? "on" : "off"}`, javaScript);

      const booked = await waitForEmail(
        buyer,
        "Booked: Sales Breakthrough Hour",
        undefined,
        site.mailDir,
      );
      // In the zone the page showed: the browser's with JavaScript, else the owner's.
      expect(booked.text).toMatch(javaScript ? /Europe.London/ : /America.Denver/);
      const invite = attachedInvite(booked);
      expect(invite.getFirstPropertyValue("method")).toBe("REQUEST");
      const event = new ICAL.Event(invite.getFirstSubcomponent("vevent")!);
      expect(event.startDate.toJSDate().toISOString()).toBe(chosen);
      expect(event.endDate.toJSDate().getTime() - Date.parse(chosen)).toBe(60 * 60_000);
      expect(
        event.attendees.map((attendee) => String(attendee.getFirstValue()).toLowerCase()),
      ).toContain(`mailto:${buyer}`);
      const owner = await waitForEmail(
        "owner@presenceselling.com",
        "New booking: Sales Breakthrough Hour",
        (email) => email.text?.includes(buyer) ?? false,
        site.mailDir,
      );
      expect(
        attachedInvite(owner).getFirstSubcomponent("vevent")!.getFirstPropertyValue("uid"),
      ).toBe(event.uid);

      // The order's link now shows the booked session and offers no time; a post is refused.
      await page.goto(orderLink);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your session is booked");
      await expect(page.getByTestId("booking-booked")).toContainText("Meeting link");
      await expect(page.locator("input[name=start]")).toHaveCount(0);
      const second = await page.request.post(orderLink, {
        form: { start: another, timeZone: "Europe/London" },
      });
      expect(second.status()).toBe(409);
      expect(await second.text()).toContain("already booked");
    });
  });
}
