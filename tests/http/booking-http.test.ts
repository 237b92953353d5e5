import { newFeedAddress, stopFeed } from "~/.server/booking";
import { parseConfig } from "~/.server/core/config";
import { signLink } from "~/.server/core/signed-links";
import { FileSystemConfigLoader, HtmlValidate } from "html-validate";
import { systemClock } from "~/.server/core/clock";
import { withRenderedBodies } from "~/.server/mail";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  builtServerLinkSecret,
  startBuiltServer,
  type BuiltServer,
} from "../../support/built-server";
import { builtServerFormToken } from "../../support/form-token";
import { httpDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

// The booking page in a browser (a visitor far from the owner's zone, JavaScript on and off) is
// checked in e2e/booking-time-zone.spec.ts.
const SITE = "http://booking.test";

let clientCounter = 0;
const newClient = () => `198.51.100.${++clientCounter}`;

// One database (decision 327): the pages and statuses; the claim race itself runs on both in
// booking-claims.
for (const dialect of httpDialects) {
  describe(`booking over HTTP on ${dialect}`, () => {
    let database: TestDatabase;
    let server: BuiltServer;
    let mailDir: string;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      mailDir = mkdtempSync(path.join(tmpdir(), "booking-mail-"));
      server = await startBuiltServer({
        DATABASE_URL: database.url,
        MAIL_DIR: mailDir,
        SITE_URL: SITE,
        CONTACT_MIN_FILL_SECONDS: "0",
        TRUST_PROXY: "loopback",
      });
    });
    afterAll(async () => {
      await server?.stop();
      await database?.dispose();
      rmSync(mailDir, { recursive: true, force: true });
    });
    beforeEach(async () => {
      for (const table of ["bookings", "outbox_emails", "rate_limit_windows"] as const)
        await database.db.deleteFrom(table).execute();
    });

    const page = (query = "?tz=Asia/Kolkata") =>
      fetch(`${server.baseURL}/booking${query}`, { headers: { "x-forwarded-for": newClient() } });
    const slotStarts = (html: string) =>
      [...html.matchAll(/name="start" value="([^"]+)"/g)].map((match) => match[1]!);
    const post = (fields: Record<string, string>) =>
      fetch(`${server.baseURL}/booking?tz=Asia/Kolkata`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: server.baseURL,
          "x-forwarded-for": newClient(),
        },
        body: new URLSearchParams({
          timeZone: "Asia/Kolkata",
          name: "Priya",
          email: `priya${clientCounter}@example.com`,
          formToken: builtServerFormToken(builtServerLinkSecret),
          ...fields,
        }),
      });
    const activeBookings = () =>
      database.db
        .selectFrom("bookings")
        .select(["id", "status"])
        .where("status", "not in", ["cancelled", "expired"])
        .execute();

    it("sends every Schedule button to the built-in page when SCHEDULING_URL is not set", async () => {
      const response = await fetch(`${server.baseURL}/schedule`, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/booking");
    });

    it("shows the free slots in the visitor's zone, and refuses a zone that does not exist", async () => {
      const response = await page();
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(slotStarts(html).length).toBeGreaterThan(10);
      expect(html).toContain('<option value="Asia/Kolkata" selected="">');
      const unknown = await page("?tz=Mars/Olympus_Mons");
      expect(unknown.status).toBe(400);
      expect(await unknown.text()).toContain("That time zone does not exist");
    });

    it("gives one of 20 concurrent posts for one slot the slot; the others a 409 with fresh slots", async () => {
      const [start] = slotStarts(await (await page()).text());
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => post({ start: start! })),
      );
      const statuses = responses.map(({ status }) => status).sort();
      expect(statuses).toEqual([200, ...Array<number>(19).fill(409)]);
      const refused = await responses.find(({ status }) => status === 409)!.text();
      expect(refused).toContain("That time was just taken");
      expect(slotStarts(refused)).not.toContain(start);
      expect(slotStarts(refused).length).toBeGreaterThan(0);
      expect(await activeBookings()).toHaveLength(1);
    });

    it("refuses a time outside the hours and a bad name with a 4xx, storing nothing", async () => {
      const sunday = "2030-01-06T03:00:00.000Z";
      expect((await post({ start: sunday })).status).toBe(422);
      const [start] = slotStarts(await (await page()).text());
      const refused = await post({ start: start!, name: "" });
      expect(refused.status).toBe(400);
      // Without JavaScript the refused page keeps the time chosen and focuses the reason.
      const refusedPage = await refused.text();
      expect(refusedPage).toMatch(new RegExp(`<input[^>]*checked=""[^>]*value="${start}"`));
      expect(refusedPage).toMatch(/<p role="alert" tabindex="-1" autofocus=""/);
      expect((await post({ start: start!, timeZone: "Nowhere/Town" })).status).toBe(400);
      expect(await activeBookings()).toHaveLength(0);
      expect(await database.db.selectFrom("outbox_emails").select("id").execute()).toHaveLength(0);
    });

    it("says a lapsed hold has lapsed on opening its link: 410, no button, a way to book again", async () => {
      const [start] = slotStarts(await (await page()).text());
      expect((await post({ start: start! })).status).toBe(200);
      const email = await database.db
        .selectFrom("outbox_emails")
        .select(["text_body", "template", "template_data"])
        .where("purpose", "=", "booking.hold-confirmation")
        .executeTakeFirstOrThrow()
        .then(withRenderedBodies);
      const confirmPath = /\/booking\/confirm\/[\w-]+\.[\w-]+/.exec(email.text_body)![0];
      await database.db
        .updateTable("bookings")
        .set({ hold_expires_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
      const lapsed = await fetch(`${server.baseURL}${confirmPath}`);
      expect(lapsed.status).toBe(410);
      const text = await lapsed.text();
      expect(text).toContain("This hold has lapsed");
      expect(text).not.toContain("Confirm my booking");
      expect(text).toContain('href="/booking"');
    });

    it("serves valid HTML on every booking page: held, confirm, booked, spent, lapsed, moved, cancelled", async () => {
      // Nine pages, each with the list of every time zone, through html-validate: slow when loaded.
      const validator = new HtmlValidate(new FileSystemConfigLoader());
      const errors: string[] = [];
      const check = async (response: Response, name: string) => {
        const html = await response.text();
        const report = await validator.validateString(html, name);
        for (const result of report.results)
          for (const message of result.messages)
            errors.push(`${name}:${message.line} ${message.ruleId}: ${message.message}`);
        return html;
      };
      const form = (body: Record<string, string>) => ({
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: server.baseURL,
          "x-forwarded-for": newClient(),
        },
        body: new URLSearchParams(body),
      });
      await check(await page(""), "/booking");
      const [start, , , later] = slotStarts(await check(await page(), "/booking?tz"));
      const held = await check(await post({ start: start! }), "held");
      expect(held).toContain('data-testid="booking-summary"');
      const email = await database.db
        .selectFrom("outbox_emails")
        .select(["text_body", "template", "template_data"])
        .where("purpose", "=", "booking.hold-confirmation")
        .executeTakeFirstOrThrow()
        .then(withRenderedBodies);
      const confirmPath = /\/booking\/confirm\/[\w-]+\.[\w-]+/.exec(email.text_body)![0];
      await check(await fetch(`${server.baseURL}${confirmPath}`), "confirm");
      await check(await fetch(`${server.baseURL}${confirmPath}`, form({})), "confirmed");
      await check(await fetch(`${server.baseURL}${confirmPath}`), "spent");
      const [booking] = await activeBookings();
      const link = (purpose: "booking-reschedule" | "booking-cancel") =>
        signLink(builtServerLinkSecret, purpose, booking!.id, null);
      const reschedule = `${server.baseURL}/booking/reschedule/${link("booking-reschedule")}`;
      const opened = await check(await fetch(`${reschedule}?tz=Asia/Kolkata`), "reschedule");
      // The session's own time is not among the times to move to.
      expect(slotStarts(opened)).not.toContain(start);
      const same = await fetch(reschedule, form({ start: start!, timeZone: "Asia/Kolkata" }));
      expect(same.status).toBe(409);
      expect(await check(same, "same time")).toContain("That is already your session&#x27;s time");
      const moved = await fetch(reschedule, form({ start: later!, timeZone: "Asia/Kolkata" }));
      expect(moved.status).toBe(200);
      expect(await check(moved, "moved")).toContain("Your session is moved");
      const cancel = `${server.baseURL}/booking/cancel/${link("booking-cancel")}`;
      await check(await fetch(cancel), "cancel");
      const cancelled = await fetch(cancel, form({}));
      expect(await check(cancelled, "cancelled")).toContain("Your session is cancelled");
      expect((await post({ start: later! })).status).toBe(200);
      await database.db
        .updateTable("bookings")
        .set({ hold_expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("status", "=", "held")
        .execute();
      const lapsedEmail = (
        await database.db
          .selectFrom("outbox_emails")
          .select(["text_body", "template", "template_data"])
          .where("purpose", "=", "booking.hold-confirmation")
          .execute()
          .then((rows) => Promise.all(rows.map(withRenderedBodies)))
      ).find(
        (row) =>
          row.text_body.includes("/booking/confirm/") && !row.text_body.includes(confirmPath),
      )!;
      const lapsedPath = /\/booking\/confirm\/[\w-]+\.[\w-]+/.exec(lapsedEmail.text_body)![0];
      await check(await fetch(`${server.baseURL}${lapsedPath}`), "lapsed");
      expect(errors).toEqual([]);
    }, 120_000);

    it("confirms on the button (not on opening the link) and serves the invite", async () => {
      const [start] = slotStarts(await (await page()).text());
      expect((await post({ start: start! })).status).toBe(200);
      const email = await database.db
        .selectFrom("outbox_emails")
        .select(["text_body", "template", "template_data"])
        .where("purpose", "=", "booking.hold-confirmation")
        .executeTakeFirstOrThrow()
        .then(withRenderedBodies);
      const confirmPath = /\/booking\/confirm\/[\w-]+\.[\w-]+/.exec(email.text_body)![0];
      const opened = await fetch(`${server.baseURL}${confirmPath}`);
      expect(opened.status).toBe(200);
      const openedPage = await opened.text();
      expect(openedPage).toContain("Confirm my booking");
      expect(openedPage).toContain('data-testid="booking-summary"');
      expect((await activeBookings())[0]!.status).toBe("held");
      const confirmed = await fetch(`${server.baseURL}${confirmPath}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.baseURL },
        body: "",
      });
      expect(confirmed.status).toBe(200);
      expect((await activeBookings())[0]!.status).toBe("confirmed");
      // The spent link says so on opening, with no button left to press.
      const spent = await fetch(`${server.baseURL}${confirmPath}`);
      expect(spent.status).toBe(200);
      const spentPage = await spent.text();
      expect(spentPage).toContain("This link was already used");
      expect(spentPage).not.toContain("Confirm my booking");
      const booker = await database.db
        .selectFrom("outbox_emails")
        .select(["text_body", "template", "template_data"])
        .where("purpose", "=", "booking.confirmed")
        .executeTakeFirstOrThrow()
        .then(withRenderedBodies);
      const invitePath = /\/booking\/invite\/[\w-]+\.[\w-]+/.exec(booker.text_body)![0];
      const invite = await fetch(`${server.baseURL}${invitePath}`);
      expect(invite.headers.get("content-type")).toBe(
        "text/calendar; charset=utf-8; method=REQUEST",
      );
      expect(await invite.text()).toContain(
        `UID:booking-${(await activeBookings())[0]!.id}@booking.test`,
      );
    });

    it("serves the owner's feed privately, and a wrong or stopped address as 404", async () => {
      const deps = { db: database.db, clock: systemClock, config: parseConfig({ SITE_URL: SITE }) };
      const { feedUrl } = await newFeedAddress(deps, "owner@booking.test");
      const feedPath = new URL(feedUrl).pathname;
      const feed = await fetch(`${server.baseURL}${feedPath}`);
      expect(feed.status).toBe(200);
      expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
      expect(feed.headers.get("cache-control")).toBe("private, no-store");
      expect(await feed.text()).toContain("BEGIN:VCALENDAR");
      const wrong = await fetch(
        `${server.baseURL}${feedPath.replace(/\w(?=\.ics$)/, (c) => (c === "A" ? "B" : "A"))}`,
      );
      expect(wrong.status).toBe(404);
      expect(wrong.headers.get("content-type")).not.toContain("text/calendar");
      expect((await fetch(`${server.baseURL}/booking/feed/nothing`)).status).toBe(404);
      await stopFeed(deps, "owner@booking.test");
      expect((await fetch(`${server.baseURL}${feedPath}`)).status).toBe(404);
    });
  });
}
