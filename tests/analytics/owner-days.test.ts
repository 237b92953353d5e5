import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import {
  analyticsHousekeeping,
  dayRangeFromQuery,
  rangeReport,
  rangeSummary,
} from "~/.server/analytics";
import { rollUpFinishedDays } from "~/.server/analytics/stats/daily-rollups";
import { migrateToLatest } from "~/.server/core/db/database";
import { migrations } from "~/.server/core/db/migrations";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const denver = "America/Denver";
const hourMs = 3_600_000;

/** A page view by a visitor of its own: each is one visit. */
const view = (at: number, visitor = `visitor-${at}`) => ({
  occurred_at: new Date(at).toISOString(),
  name: "pageview",
  visitor,
  path: "/",
  referrer_domain: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  screen: "desktop",
  label: null,
  item: null,
  amount_cents: null,
});

/** One page view on the hour, every hour from `from` (UTC) for `hours` hours. */
const hourly = (from: string, hours: number) =>
  Array.from({ length: hours }, (_, hour) => view(Date.parse(from) + hour * hourMs));

const beforeDaysZone = Object.fromEntries(
  Object.entries(migrations).filter(([name]) => name < "696_analytics_days_zone"),
);

type Untyped = Kysely<Record<string, Record<string, unknown>>>;

for (const dialect of allDialects) {
  describe(`the owner's days on ${dialect}`, () => {
    let database: TestDatabase;
    afterEach(() => database?.dispose());

    it("counts a visit at 23:30 in Denver on that Denver day, read raw and rolled up", async () => {
      database = await createTestDatabase(dialect);
      // 23:30 on 20 November in Denver is 06:30 on the 21st in UTC.
      await database.db
        .insertInto("analytics_events")
        .values([view(Date.parse("2026-11-21T06:30:00.000Z"))])
        .execute();
      const now = new Date("2026-11-21T06:45:00.000Z");
      expect(dayRangeFromQuery(new URLSearchParams(), now, denver).to).toBe("2026-11-20");
      const evening = { from: "2026-11-20", to: "2026-11-20" };
      const next = { from: "2026-11-21", to: "2026-11-21" };
      expect(await rangeSummary(database.db, evening, denver)).toMatchObject({
        visits: 1,
        pageViews: 1,
      });
      expect((await rangeSummary(database.db, next, denver)).pageViews).toBe(0);
      await analyticsHousekeeping(database.db, new Date("2026-11-22T08:00:00.000Z"), denver);
      const rolled = await database.db
        .selectFrom("analytics_daily_totals")
        .select(["day", "visits", "page_views"])
        .orderBy("day")
        .execute();
      expect(rolled.map((row) => [row.day, Number(row.visits), Number(row.page_views)])).toEqual([
        ["2026-11-20", 1, 1],
        ["2026-11-21", 0, 0],
      ]);
      expect((await rangeReport(database.db, evening, denver)).days).toEqual([
        { day: "2026-11-20", views: 1 },
      ]);
    });

    it("gives Denver's spring-forward day 23 hours and its fall-back day 25, raw and rolled up", async () => {
      database = await createTestDatabase(dialect);
      // From midnight UTC on 7 March and 31 October 2026, three days of hourly views each.
      await database.db
        .insertInto("analytics_events")
        .values([
          ...hourly("2026-03-07T00:00:00.000Z", 72),
          ...hourly("2026-10-31T00:00:00.000Z", 72),
        ])
        .execute();
      const perDay = async (from: string, to: string) =>
        (await rangeReport(database.db, { from, to }, denver)).days;
      const expected = {
        spring: [
          { day: "2026-03-07", views: 24 },
          { day: "2026-03-08", views: 23 },
        ],
        autumn: [
          { day: "2026-10-31", views: 24 },
          { day: "2026-11-01", views: 25 },
        ],
      };
      expect(await perDay("2026-03-07", "2026-03-08")).toEqual(expected.spring);
      expect(await perDay("2026-10-31", "2026-11-01")).toEqual(expected.autumn);
      await analyticsHousekeeping(database.db, new Date("2026-11-05T12:00:00.000Z"), denver);
      const rolled = await database.db
        .selectFrom("analytics_daily_totals")
        .select(["day", "page_views"])
        .where("day", "in", ["2026-03-08", "2026-11-01"])
        .orderBy("day")
        .execute();
      expect(rolled.map((row) => [row.day, Number(row.page_views)])).toEqual([
        ["2026-03-08", 23],
        ["2026-11-01", 25],
      ]);
      expect(await perDay("2026-03-07", "2026-03-08")).toEqual(expected.spring);
      expect(await perDay("2026-10-31", "2026-11-01")).toEqual(expected.autumn);
    });

    it("cuts the days rolled up in UTC again in the owner's zone, once, after migration 696", async () => {
      database = await createTestDatabase(dialect, { upTo: beforeDaysZone });
      // Four UTC days of hourly views, rolled up at UTC midnight as before.
      await database.db
        .insertInto("analytics_events")
        .values(hourly("2026-11-19T00:00:00.000Z", 96))
        .execute();
      await rollUpFinishedDays(database.db, new Date("2026-11-23T12:00:00.000Z"), "UTC");
      const totals = async () =>
        (
          await database.db
            .selectFrom("analytics_daily_totals")
            .select(["day", "page_views", "rolled_at"])
            .orderBy("day")
            .execute()
        ).map((row) => ({ ...row, page_views: Number(row.page_views) }));
      expect((await totals()).map((row) => row.page_views)).toEqual([24, 24, 24, 24]);

      await migrateToLatest(database.db);
      const at = new Date("2026-11-23T13:00:00.000Z");
      const first = await analyticsHousekeeping(database.db, at, denver);
      expect(first.recut).toEqual([
        "2026-11-18",
        "2026-11-19",
        "2026-11-20",
        "2026-11-21",
        "2026-11-22",
        "2026-11-23",
      ]);
      const cut = await totals();
      // Denver is 7 hours behind UTC in November: its 18th holds the first 7 hours, its 22nd 17.
      expect(cut.map((row) => [row.day, row.page_views])).toEqual([
        ["2026-11-18", 7],
        ["2026-11-19", 24],
        ["2026-11-20", 24],
        ["2026-11-21", 24],
        ["2026-11-22", 17],
        ["2026-11-23", 0],
      ]);
      const stored = await (database.db as unknown as Untyped)
        .selectFrom("analytics_days_zone")
        .select("zone")
        .execute();
      expect(stored).toEqual([{ zone: denver }]);

      const again = await analyticsHousekeeping(
        database.db,
        new Date(at.getTime() + hourMs),
        denver,
      );
      expect(again.recut).toEqual([]);
      expect(again.rolledUp).toEqual([]);
      expect(await totals()).toEqual(cut);
    });
  });
}
