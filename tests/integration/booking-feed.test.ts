import ICAL from "ical.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cancelBooking, newFeedAddress, ownerFeed, stopFeed } from "~/.server/booking";
import { defaultAvailabilityRules } from "~/.server/booking/slots/availability-rules";
import { claimSlot, type SlotRequest } from "~/.server/booking/slots/claim-slot";
import { bookingInvite } from "~/.server/booking/sessions/invite-file";
import { parseConfig } from "~/.server/core/config";
import { freshBookingDeps, type BookingTestDeps } from "../../support/booking-fixtures";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const SITE = "https://presence.example";
const config = parseConfig({
  SITE_URL: SITE,
  OWNER_EMAIL: "owner@presence.example",
  BOOKING_TIME_ZONE: "America/Denver",
});
const rules = { ...defaultAvailabilityRules("America/Denver", 20), maxSessionsPerDay: 0 };
const tuesdayTen = Date.parse("2026-06-02T16:00:00.000Z"); // 10:00 in Denver
const hour = 3_600_000;

function feedEvents(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.getFirstPropertyValue("method")).toBeNull();
  return calendar.getAllSubcomponents("vevent").map((event) => ({
    uid: event.getFirstPropertyValue("uid"),
    sequence: event.getFirstPropertyValue("sequence"),
    status: event.getFirstPropertyValue("status"),
    summary: event.getFirstPropertyValue("summary"),
    description: String(event.getFirstPropertyValue("description")),
    start: (event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
  }));
}

function eventOfInvite(text: string) {
  const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!;
  return {
    uid: event.getFirstPropertyValue("uid"),
    sequence: event.getFirstPropertyValue("sequence"),
  };
}

for (const dialect of allDialects) {
  describe(`the owner's private feed on ${dialect}`, () => {
    let database: TestDatabase;
    let clock: ManualClock;
    let deps: BookingTestDeps;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(() => database.dispose());
    beforeEach(async () => {
      deps = await freshBookingDeps(database.db, config);
      clock = deps.clock;
    });

    const book = async (start: number, changes: Partial<SlotRequest> = {}) => {
      const claimed = await claimSlot(
        database.db,
        { rules, busy: [], now: clock.now() },
        {
          kind: "intro",
          start,
          durationMinutes: 20,
          name: "Ada Booker",
          email: "ada@example.com",
          timeZone: "Asia/Kolkata",
          source: "/booking",
          meetingUrl: "https://meet.example/room",
          ...changes,
        },
      );
      if (claimed.outcome !== "claimed") throw new Error(claimed.outcome);
      return claimed.bookingId;
    };
    const tokenOf = (feedUrl: string) => /\/booking\/feed\/([\w-]+)\.ics$/.exec(feedUrl)?.[1] ?? "";
    const read = (token: string, clientAddress = "203.0.113.9") =>
      ownerFeed(deps, { token, clientAddress });

    it("lists every booking with its invites' UID and SEQUENCE, cancelled ones as CANCELLED", async () => {
      const kept = await book(tuesdayTen);
      const cancelled = await book(tuesdayTen + 2 * hour, {
        name: "Bo Gone",
        email: "bo@example.com",
      });
      const unconfirmed = await book(tuesdayTen + 4 * hour, { holdMinutes: 10 });
      await cancelBooking(deps, cancelled);
      const { feedUrl } = await newFeedAddress(deps, "owner@presence.example");
      expect(feedUrl.startsWith(`${SITE}/booking/feed/`)).toBe(true);

      const feed = await read(tokenOf(feedUrl));
      if (feed.outcome !== "feed") throw new Error(feed.outcome);
      const events = feedEvents(feed.body);
      const rows = await database.db.selectFrom("bookings").selectAll().execute();
      const invites = new Map(
        rows.map((row) => [row.id, eventOfInvite(bookingInvite(row, config, clock.now()))]),
      );
      expect(events.map(({ uid }) => uid)).toEqual([
        invites.get(kept)!.uid,
        invites.get(cancelled)!.uid,
      ]);
      expect(events.map(({ sequence }) => sequence)).toEqual([0, 1]);
      expect(events.map(({ sequence }) => sequence)).toEqual([
        invites.get(kept)!.sequence,
        invites.get(cancelled)!.sequence,
      ]);
      expect(events.map(({ status }) => status)).toEqual(["CONFIRMED", "CANCELLED"]);
      expect(events[0]!.start).toBe(new Date(tuesdayTen).toISOString());
      expect(events[0]!.summary).toContain("Ada Booker");
      expect(events[0]!.description).toContain("ada@example.com");
      expect(feed.body).not.toContain(unconfirmed);
    });

    it("answers a wrong token and a replaced one not-found, and a stopped feed too; each change audited", async () => {
      await book(tuesdayTen);
      const first = tokenOf((await newFeedAddress(deps, "owner@presence.example")).feedUrl);
      expect((await read(first)).outcome).toBe("feed");
      expect((await read(`${first.slice(0, -1)}x`)).outcome).toBe("not-found");
      expect((await read("")).outcome).toBe("not-found");

      const second = tokenOf((await newFeedAddress(deps, "owner@presence.example")).feedUrl);
      expect(second).not.toBe(first);
      expect((await read(first)).outcome).toBe("not-found");
      expect((await read(second)).outcome).toBe("feed");
      const stored = await database.db.selectFrom("booking_calendar").selectAll().execute();
      expect(JSON.stringify(stored)).not.toContain(second);

      await stopFeed(deps, "owner@presence.example");
      expect((await read(second)).outcome).toBe("not-found");
      const actions = await database.db
        .selectFrom("admin_audit_log")
        .select("action")
        .orderBy("created_at")
        .execute();
      expect(actions.map(({ action }) => action)).toEqual([
        "booking.feed-address",
        "booking.feed-address",
        "booking.feed-stopped",
      ]);
    });

    it("limits reads per visitor address, right token or wrong", async () => {
      const token = tokenOf((await newFeedAddress(deps, "owner@presence.example")).feedUrl);
      const outcomes = [];
      for (let read_ = 0; read_ < 31; read_ += 1) outcomes.push((await read("guess")).outcome);
      expect(outcomes.slice(0, 30).every((outcome) => outcome === "not-found")).toBe(true);
      expect(outcomes[30]).toBe("rate-limited");
      expect((await read(token)).outcome).toBe("rate-limited");
      expect((await read(token, "198.51.100.7")).outcome).toBe("feed");
    });
  });
}
