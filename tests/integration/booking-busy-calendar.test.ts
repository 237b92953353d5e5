import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  busyCalendarStatus,
  openSlots,
  refreshBusyTimes,
  saveBusyCalendarUrl,
} from "~/.server/booking";
import { defaultAvailabilityRules } from "~/.server/booking/slots/availability-rules";
import { saveAvailabilityRules } from "~/.server/booking/slots/availability-store";
import { localDateOf, localMinuteOfDay } from "~/.server/core/zoned-time";
import { parseConfig } from "~/.server/core/config";
import { freshBookingDeps, type BookingTestDeps } from "../../support/booking-fixtures";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const config = parseConfig({
  SITE_URL: "https://presence.example",
  BOOKING_TIME_ZONE: "America/Denver",
  BOOKING_BUSY_TIMEOUT_MS: "300",
  BOOKING_BUSY_POLL_INTERVAL_MS: "300000",
});
const zone = "America/Denver";
const weekday = [{ start: 9 * 60, end: 17 * 60 }];
const rules = {
  ...defaultAvailabilityRules(zone, 60),
  weeklyHours: [[], weekday, weekday, weekday, weekday, weekday, []],
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 0,
  horizonDays: 35,
  maxSessionsPerDay: 0,
  slotIntervalMinutes: 60,
};

// A weekly Tuesday 10:00-11:00 in Denver from 27 October 2026, over the change of 1 November
// (MDT -6 to MST -7): 10 November is excluded, 17 November moved to 14:00, 24 November kept.
const weeklyInDenver = `BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Test//Busy//EN
BEGIN:VTIMEZONE
TZID:America/Denver
BEGIN:DAYLIGHT
TZOFFSETFROM:-0700
TZOFFSETTO:-0600
TZNAME:MDT
DTSTART:19700308T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:-0600
TZOFFSETTO:-0700
TZNAME:MST
DTSTART:19701101T020000
RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
END:STANDARD
END:VTIMEZONE
BEGIN:VEVENT
UID:weekly-review@test
DTSTAMP:20261001T000000Z
DTSTART;TZID=America/Denver:20261027T100000
DTEND;TZID=America/Denver:20261027T110000
RRULE:FREQ=WEEKLY;BYDAY=TU
EXDATE;TZID=America/Denver:20261110T100000
SUMMARY:Weekly review
END:VEVENT
BEGIN:VEVENT
UID:weekly-review@test
DTSTAMP:20261001T000000Z
RECURRENCE-ID;TZID=America/Denver:20261117T100000
DTSTART;TZID=America/Denver:20261117T140000
DTEND;TZID=America/Denver:20261117T150000
SUMMARY:Weekly review (moved)
END:VEVENT
BEGIN:VEVENT
UID:free-time@test
DTSTAMP:20261001T000000Z
DTSTART:20261028T150000Z
DTEND:20261028T230000Z
TRANSP:TRANSPARENT
SUMMARY:Shown as free
END:VEVENT
END:VCALENDAR
`;

/** What the local calendar server answers next. */
let answer: { status: number; body: string; hang?: boolean } = {
  status: 200,
  body: weeklyInDenver,
};
let requests = 0;
let server: Server;
let calendarUrl = "";

beforeAll(async () => {
  server = createServer((_request, response) => {
    requests += 1;
    if (answer.hang) return; // never answers: the fetch must time out
    response.writeHead(answer.status, { "Content-Type": "text/calendar" });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  calendarUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/private-secret/basic.ics`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

for (const dialect of allDialects) {
  describe(`the owner's busy times on ${dialect}`, () => {
    let database: TestDatabase;
    let clock: ManualClock;
    let deps: BookingTestDeps;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(() => database.dispose());
    beforeEach(async () => {
      answer = { status: 200, body: weeklyInDenver };
      // Monday 06:00 in Denver
      deps = await freshBookingDeps(database.db, config, "2026-10-26T12:00:00.000Z");
      clock = deps.clock;
      await saveAvailabilityRules(database.db, rules, clock.now());
    });

    /** The open hours of a Denver date, as local hours. */
    async function openHoursOn(date: string) {
      const slots = await openSlots(deps, 60);
      return slots
        .filter(({ start }) => localDateOf(start, zone) === date)
        .map(({ start }) => localMinuteOfDay(start, zone) / 60);
    }

    it("blocks a weekly event at the same local time on both sides of the DST change, with its exceptions", async () => {
      expect(await openHoursOn("2026-10-27")).toEqual([9, 10, 11, 12, 13, 14, 15, 16]);
      expect(await saveBusyCalendarUrl(deps, { url: calendarUrl, actor: "owner@x" })).toEqual({
        outcome: "saved",
      });
      expect(await openHoursOn("2026-10-27")).toEqual([9, 11, 12, 13, 14, 15, 16]); // MDT
      expect(await openHoursOn("2026-11-03")).toEqual([9, 11, 12, 13, 14, 15, 16]); // MST
      expect(await openHoursOn("2026-11-10")).toEqual([9, 10, 11, 12, 13, 14, 15, 16]); // EXDATE
      expect(await openHoursOn("2026-11-17")).toEqual([9, 10, 11, 12, 13, 15, 16]); // moved
      expect(await openHoursOn("2026-11-24")).toEqual([9, 11, 12, 13, 14, 15, 16]);
      // A transparent (free) event blocks nothing.
      expect(await openHoursOn("2026-10-28")).toEqual([9, 10, 11, 12, 13, 14, 15, 16]);
      const status = await busyCalendarStatus(database.db);
      expect(status.busy).toMatchObject({ host: new URL(calendarUrl).host, error: null });
      expect(status.busy!.fetchedAt).toBe(clock.now().toISOString());
      const audit = await database.db.selectFrom("admin_audit_log").selectAll().execute();
      expect(audit.map(({ action }) => action)).toEqual(["booking.busy-calendar-set"]);
      expect(JSON.stringify(audit)).not.toContain("private-secret");
    });

    it("keeps the last good copy when a fetch fails, and says what failed", async () => {
      await saveBusyCalendarUrl(deps, { url: calendarUrl, actor: "owner@x" });
      const goodAt = clock.now().toISOString();
      for (const [next, failure] of [
        [{ status: 500, body: "oops" }, "HTTP 500"],
        [{ status: 200, body: "<html>not a calendar</html>" }, "iCalendar"],
        [{ status: 200, body: "", hang: true }, "no answer within"],
      ] as const) {
        answer = next;
        clock.advance(config.BOOKING_BUSY_POLL_INTERVAL_MS);
        const refresh = await refreshBusyTimes(deps);
        expect(refresh.outcome).toBe("failed");
        const status = await busyCalendarStatus(database.db);
        expect(status.busy!.error).toContain(failure);
        expect(status.busy!.error).not.toContain("private-secret");
        expect(status.busy!.fetchedAt).toBe(goodAt);
        expect(await openHoursOn("2026-11-03")).toEqual([9, 11, 12, 13, 14, 15, 16]);
      }
      answer = { status: 200, body: weeklyInDenver };
      clock.advance(config.BOOKING_BUSY_POLL_INTERVAL_MS);
      expect((await refreshBusyTimes(deps)).outcome).toBe("refreshed");
      expect((await busyCalendarStatus(database.db)).busy!.error).toBeNull();
    });

    it("lets one of two instances with timers out of step fetch each interval, in one statement a round", async () => {
      let statements = 0;
      const counting: KyselyPlugin = {
        transformQuery(args) {
          statements += 1;
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      const instance = (offsetMs: number) => {
        const ownClock = new ManualClock(new Date(clock.now().getTime() + offsetMs).toISOString());
        return { ...deps, db: database.db.withPlugin(counting), clock: ownClock };
      };
      await saveBusyCalendarUrl(deps, { url: calendarUrl, actor: "owner@x" });
      // A fetched at the save; B's timer fires two minutes after A's, both every interval.
      const [a, b] = [instance(0), instance(2 * 60_000)];
      const before = requests;
      const outcomes: string[] = [];
      for (let round = 0; round < 4; round += 1) {
        for (const each of [a, b]) {
          statements = 0;
          const { outcome } = await refreshBusyTimes(each);
          outcomes.push(outcome);
          // Not due: the claim alone. Due: claim, the rules, the stored copy.
          expect(statements).toBe(outcome === "not-due" ? 1 : 3);
        }
        a.clock.advance(config.BOOKING_BUSY_POLL_INTERVAL_MS);
        b.clock.advance(config.BOOKING_BUSY_POLL_INTERVAL_MS);
      }
      expect(outcomes).toEqual([
        "not-due",
        "not-due",
        "refreshed",
        "not-due",
        "refreshed",
        "not-due",
        "refreshed",
        "not-due",
      ]);
      expect(requests).toBe(before + 3);
    });

    it("fetches once per interval whichever instance asks, and refuses an address that is not http(s)", async () => {
      await saveBusyCalendarUrl(deps, { url: calendarUrl, actor: "owner@x" });
      const before = requests;
      expect((await refreshBusyTimes(deps)).outcome).toBe("not-due");
      expect((await refreshBusyTimes(deps)).outcome).toBe("not-due");
      expect(requests).toBe(before);
      clock.advance(config.BOOKING_BUSY_POLL_INTERVAL_MS);
      const rounds = await Promise.all([refreshBusyTimes(deps), refreshBusyTimes(deps)]);
      expect(rounds.filter(({ outcome }) => outcome === "refreshed")).toHaveLength(1);
      expect(requests).toBe(before + 1);

      for (const url of ["ftp://example.com/cal.ics", "not a url", "javascript:alert(1)"])
        expect((await saveBusyCalendarUrl(deps, { url, actor: "owner@x" })).outcome).toBe(
          "invalid",
        );
      expect((await saveBusyCalendarUrl(deps, { url: "", actor: "owner@x" })).outcome).toBe(
        "removed",
      );
      expect(await openHoursOn("2026-11-03")).toEqual([9, 10, 11, 12, 13, 14, 15, 16]);
    });
  });
}
