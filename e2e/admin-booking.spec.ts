import { signInThroughEmail } from "./support/admin-sign-in";
import { linkPath, waitForEmail } from "./support/captured-mail";
import { bookIntroCall } from "./support/intro-call";
import { lookAt } from "./support/look-at";
import { expect, expectNoAxeViolations, hydrate, keepScreenshot, test } from "./support/test";

for (const javaScript of [true, false]) {
  test.describe(`the console's booking page with JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("sets availability, sees the session, moves and cancels it, then erases the booker", async ({
      page,
      allowConsoleErrors,
    }) => {
      // A booking, a sign-in, four forms and four axe passes: minutes on a loaded machine.
      test.setTimeout(240_000);
      // The refused availability form answers 400, which the browser logs when it fetched it.
      allowConsoleErrors(/status of 400/);
      const booker = javaScript ? "Grace Booker" : "Ada Nojs";
      const bookerEmail = await bookIntroCall(page, booker, javaScript ? 0 : 1);
      await signInThroughEmail(
        page,
        javaScript ? "booking@console-e2e.test" : "booking-js-off@console-e2e.test",
      );
      // The dashboard shows the next sessions and how many paid sessions wait to be booked.
      await expect(page.getByTestId("next-sessions")).toContainText(booker);
      await expect(page.getByTestId("unbooked-sessions")).toContainText("not booked");
      // The leads chart (not this page's part) is wider than 390 px in a desktop browser: only
      // the booking parts are held to the width here.
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await keepScreenshot(page, {
          path: test.info().outputPath(`dashboard-js-${javaScript ? "on" : "off"}-${width}.png`),
          fullPage: true,
        });
        for (const part of ["next-sessions", "unbooked-sessions"]) {
          const box = (await page.getByTestId(part).boundingBox())!;
          expect(box.x + box.width, `${part} at ${width} px`).toBeLessThanOrEqual(width);
        }
      }
      if (javaScript) await expectNoAxeViolations(page);
      await page
        .getByRole("navigation", { name: "Console" })
        .getByRole("link", { name: "Booking" })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: "Booking" })).toBeVisible();
      if (javaScript) await hydrate(page);

      // The session is listed with its person, and shows in the coming weeks.
      const upcoming = page.getByTestId("upcoming-sessions");
      await expect(upcoming.getByRole("link", { name: booker })).toHaveAttribute(
        "href",
        /\/admin\/people\//,
      );
      await expect(page.getByTestId("owner-calendar").getByText(booker)).toBeVisible();
      await lookAt(page, `booking-js-${javaScript ? "on" : "off"}`, javaScript);

      // A bad range is refused with its sentence, and what was typed stays.
      const form = page.getByTestId("availability-form");
      await form.getByLabel("Saturday").fill("10:00-09:00");
      await form.getByRole("button", { name: "Save availability" }).click();
      await expect(page.getByTestId("availability-result")).toHaveText(
        "Saturday: 10:00-09:00 ends before it starts.",
      );
      await expect(form.getByLabel("Saturday")).toHaveValue("10:00-09:00");
      await expect(form.getByLabel("Saturday")).toHaveAttribute("aria-invalid", "true");
      if (javaScript) await expectNoAxeViolations(page);
      await form.getByLabel("Saturday").fill("");
      await form.getByLabel("Sunday").fill("");
      await form.getByRole("button", { name: "Save availability" }).click();
      await expect(page.getByTestId("availability-result")).toHaveText(
        "Saved: the booking page offers these hours now.",
      );

      // The session's own page: move it to the last time offered, with a note.
      await upcoming
        .getByRole("listitem")
        .filter({ hasText: booker })
        .getByRole("link")
        .first()
        .click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Intro call with ${booker}`);
      if (javaScript) await hydrate(page);
      await lookAt(page, `session-js-${javaScript ? "on" : "off"}`, javaScript);
      const reschedule = page.getByTestId("reschedule-session");
      // The two tests run side by side: each moves to a time of its own.
      const option = reschedule.locator("option").nth(javaScript ? -1 : -5);
      const newTime = (await option.textContent())!;
      await reschedule.getByLabel("New time").selectOption({ label: newTime });
      await reschedule.getByLabel(/Note/).fill("Moved at the booker's request");
      await reschedule.getByRole("button", { name: "Move the session" }).click();
      await expect(page.getByTestId("session-result")).toContainText("Moved");
      await expect(page.getByTestId("session-summary")).toContainText(
        "Note: Moved at the booker's request",
      );
      await waitForEmail(bookerEmail, "New time: Intro call");

      const cancel = page.getByTestId("cancel-session");
      await cancel.getByLabel(/Note/).fill("Owner away");
      await cancel.getByRole("button", { name: "Cancel the session" }).click();
      await expect(page.getByTestId("session-result")).toContainText("Cancelled");
      await expect(page.getByTestId("session-summary")).toContainText("cancelled");
      await expect(page.getByTestId("cancel-session")).toHaveCount(0);
      const cancelled = await waitForEmail(bookerEmail, "Cancelled: Intro call");
      expect(linkPath(cancelled, "/booking/invite")).toMatch(/^\/booking\/invite\//);

      // The person's timeline shows the booking.
      await page.getByTestId("session-summary").getByRole("link", { name: booker }).click();
      await expect(page.getByTestId("person-timeline")).toContainText("Booked an intro call");

      // Erasing the person deletes the session with the rest.
      await page.getByRole("link", { name: "Erase…" }).click();
      await expect(page.getByText("1 booked sessions are deleted")).toBeVisible();
      if (javaScript) await expectNoAxeViolations(page);
      await page.getByLabel("I understand").check();
      await page.getByRole("button", { name: "Erase this person" }).click();
      await expect(page.getByRole("status")).toContainText("The person was erased");
      await page.goto("/admin/booking");
      await expect(page.getByRole("heading", { level: 1, name: "Booking" })).toBeVisible();
      expect(await page.getByText(booker).count()).toBe(0);
    });
  });
}

// The feed and the busy-times address are one per site: the two runs take turns.
test.describe("the owner's calendar in the console", () => {
  test.describe.configure({ mode: "serial" });
  for (const javaScript of [true, false]) {
    test.describe(`with JavaScript ${javaScript ? "on" : "off"}`, () => {
      test.use({ javaScriptEnabled: javaScript });

      test("makes a feed address that serves the sessions, and refuses a bad busy-times address", async ({
        page,
        allowConsoleErrors,
      }) => {
        test.setTimeout(120_000);
        allowConsoleErrors(/status of 400/);
        await signInThroughEmail(
          page,
          javaScript ? "calendar@console-e2e.test" : "calendar-js-off@console-e2e.test",
        );
        await page.goto("/admin/booking");
        await page.getByRole("link", { name: "Your calendar" }).click();
        await expect(page.getByRole("heading", { level: 1, name: "Your calendar" })).toBeVisible();
        if (javaScript) await hydrate(page);

        // A first address, or a new one replacing what the other run made: shown this once.
        const feed = page.getByTestId("feed-section");
        await feed.getByRole("button", { name: /^Make a (calendar|new) address/ }).click();
        await expect(page.getByTestId("feed-result")).toContainText("shown only this once");
        const feedUrl = await page.getByLabel("Your calendar address").inputValue();
        const feedPath = new URL(feedUrl).pathname;
        expect(feedPath).toMatch(/^\/booking\/feed\/[\w-]+\.ics$/);
        await expect(feed.getByText("Google Calendar")).toBeVisible();
        const served = await page.request.get(feedPath);
        expect(served.status()).toBe(200);
        expect(served.headers()["content-type"]).toContain("text/calendar");
        expect(await served.text()).toContain("BEGIN:VCALENDAR");
        await lookAt(page, `calendar-feed-js-${javaScript ? "on" : "off"}`, javaScript);

        // A bad busy-times address: a 400 with the sentence, and what was typed kept.
        const busy = page.getByTestId("busy-form");
        await busy.getByLabel(/address/).fill("ftp://calendar.example/secret.ics");
        await busy.getByRole("button", { name: "Save the address" }).click();
        await expect(page.getByTestId("busy-result")).toContainText("http:// or https://");
        await expect(busy.getByLabel(/address/)).toHaveValue("ftp://calendar.example/secret.ics");
        await expect(busy.getByLabel(/address/)).toHaveAttribute("aria-invalid", "true");
        if (javaScript) await expectNoAxeViolations(page);

        // An address nothing answers at: saved, and the failure shown as a warning.
        await busy.getByLabel(/address/).fill("http://127.0.0.1:9/secret.ics");
        await busy.getByRole("button", { name: "Save the address" }).click();
        await expect(page.getByTestId("busy-result")).toContainText("Saved");
        await expect(page.getByTestId("busy-state")).toContainText("127.0.0.1:9");
        await expect(page.getByTestId("busy-warning")).toContainText("could not be read");
        await lookAt(page, `calendar-busy-js-${javaScript ? "on" : "off"}`, javaScript);
        await page.getByRole("button", { name: "Clear the address" }).click();
        await expect(page.getByTestId("busy-result")).toContainText("Removed");
        await expect(page.getByTestId("busy-state")).toHaveCount(0);

        // Stopped, the address answers 404.
        await feed.getByRole("button", { name: "Stop the feed" }).click();
        await expect(page.getByTestId("feed-state")).toHaveText("The feed is off.");
        expect((await page.request.get(feedPath)).status()).toBe(404);
      });
    });
  }
});
