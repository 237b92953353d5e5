import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  analyticsHousekeeping,
  analyticsTodayRefresh,
  deleteAllAnalyticsData,
  rangeReport,
  recordAttribution,
  recordServerEvent,
  saveAnalyticsSettings,
} from "~/.server/analytics";
import { figuresOfDays } from "~/.server/analytics/stats/day-figures";
import { refreshTodayRollup, writeRollup } from "~/.server/analytics/stats/daily-rollups";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const days = ["2026-11-20", "2026-11-21", "2026-11-22"];
const range = { from: "2026-11-19", to: "2026-11-23" };
const paths = ["/", "/method", "/buy-now", "/landing-page", "/about"];
const referrers = [null, "google.com", "linkedin.com"];

/** A small deterministic pseudo-random walk, so every run writes the same events. */
function* lcg(seed: number) {
  let state = seed;
  for (;;) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    yield state;
  }
}

for (const dialect of allDialects) {
  describe(`daily rollups on ${dialect}`, () => {
    let database: TestDatabase;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(() => database.dispose());
    beforeEach(async () => {
      for (const table of [
        "analytics_events",
        "analytics_attributions",
        "analytics_daily_totals",
        "analytics_daily_counts",
        "analytics_daily_conversions",
        "analytics_rolled_months",
        "analytics_monthly_counts",
        "analytics_monthly_conversions",
        "analytics_settings",
      ] as const)
        await database.db.deleteFrom(table).execute();
    });

    /** Visits over three days: several page views each, some reaching /buy-now and paying. */
    async function seed(seedDays = days) {
      const random = lcg(7);
      // The high bits: the low bits of a power-of-two LCG repeat with a short period.
      const next = (n: number) => Math.floor(random.next().value! / 65_536) % n;
      const rows = [];
      for (const day of seedDays) {
        for (let visitor = 0; visitor < 40; visitor += 1) {
          let at = Date.parse(`${day}T08:00:00.000Z`) + next(10 * 3_600_000);
          const referrer = referrers[next(referrers.length)]!;
          const views = 1 + next(4);
          for (let view = 0; view < views; view += 1) {
            rows.push({
              occurred_at: new Date(at).toISOString(),
              name: "pageview",
              visitor: `${day}-${visitor}`,
              path: paths[next(paths.length)]!,
              referrer_domain: view === 0 ? referrer : null,
              utm_source: null,
              utm_medium: null,
              utm_campaign: view === 0 && referrer === "linkedin.com" ? "spring" : null,
              screen: ["phone", "desktop"][next(2)]!,
              label: null,
              item: null,
              amount_cents: null,
            });
            // Now and then over 30 minutes of quiet: the same visitor's second visit.
            at += next(5) === 0 ? 45 * 60_000 : 60_000;
          }
        }
        await recordServerEvent(database.db, {
          name: "checkout_start",
          at: new Date(`${day}T12:00:00.000Z`),
          path: "/buy-now",
        });
        await recordServerEvent(database.db, {
          name: "purchase",
          at: new Date(`${day}T12:05:00.000Z`),
          path: "/functions/v1/stripe-webhook",
          amountCents: 2900,
        });
        await recordAttribution(database.db, {
          conversion: "checkout_start",
          subjectId: `order-${day}`,
          personId: null,
          source: undefined,
          at: new Date(`${day}T12:00:00.000Z`),
        });
        await recordAttribution(database.db, {
          conversion: "order",
          subjectId: `order-${day}`,
          personId: null,
          source: {
            landingPath: "/landing-page",
            referrerDomain: "linkedin.com",
            utmSource: "linkedin",
            utmMedium: "social",
            utmCampaign: "spring",
            conversionPath: "/buy-now",
          },
          amountCents: 2900,
          at: new Date(`${day}T12:05:00.000Z`),
        });
      }
      await database.db.insertInto("analytics_events").values(rows).execute();
    }

    it("rolls up ended days to exactly the raw counts, and the console reads the same figures", async () => {
      await seed();
      const fromRaw = await rangeReport(database.db, range, "UTC");
      expect(fromRaw.summary.pageViews).toBeGreaterThan(200);

      // 2026-11-22 ended less than five minutes ago: not rolled up yet.
      const early = await analyticsHousekeeping(
        database.db,
        new Date("2026-11-23T00:03:00.000Z"),
        "UTC",
      );
      expect(early.rolledUp).toEqual(["2026-11-20", "2026-11-21"]);
      const { rolledUp } = await analyticsHousekeeping(
        database.db,
        new Date("2026-11-23T01:00:00.000Z"),
        "UTC",
      );
      expect(rolledUp).toEqual(["2026-11-22"]);

      // Per day and page, the rollup holds what a GROUP BY over the raw events counts.
      const raw = await database.db
        .selectFrom("analytics_events")
        .select([
          "path",
          (eb) => eb.fn<string>("substr", ["occurred_at", eb.val(1), eb.val(10)]).as("day"),
          (eb) => eb.fn.countAll<number>().as("views"),
          (eb) => eb.fn.count<number>("visitor").distinct().as("visitors"),
        ])
        .where("name", "=", "pageview")
        .groupBy(["path", "day"])
        .execute();
      const rolled = await database.db
        .selectFrom("analytics_daily_counts")
        .select(["key", "day", "views", "visitors"])
        .where("dimension", "=", "page")
        .execute();
      const asKeys = (rows: { day: string; views: number; visitors: number }[], key: string[]) =>
        rows.map((row, index) => `${row.day} ${key[index]} ${row.views} ${row.visitors}`).sort();
      expect(
        asKeys(
          rolled.map((row) => ({
            ...row,
            views: Number(row.views),
            visitors: Number(row.visitors),
          })),
          rolled.map((row) => row.key),
        ),
      ).toEqual(
        asKeys(
          raw.map((row) => ({ ...row, views: Number(row.views), visitors: Number(row.visitors) })),
          raw.map((row) => row.path),
        ),
      );
      const totals = await database.db
        .selectFrom("analytics_daily_totals")
        .select(["day", "page_views", "purchases", "revenue_cents"])
        .orderBy("day")
        .execute();
      const rawViews = await database.db
        .selectFrom("analytics_events")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("name", "=", "pageview")
        .executeTakeFirstOrThrow();
      expect(totals.reduce((sum, row) => sum + Number(row.page_views), 0)).toBe(Number(rawViews.n));
      expect(
        totals.map((row) => [row.day, Number(row.purchases), Number(row.revenue_cents)]),
      ).toEqual(days.map((day) => [day, 1, 2900]));

      // Past days now come from the rollups: every figure and table is unchanged.
      expect(await rangeReport(database.db, range, "UTC")).toEqual(fromRaw);
      expect(fromRaw.tables["conversions-by-campaign"][0]).toMatchObject({
        key: "spring",
        conversions: 3,
        revenueCents: 8700,
      });
      expect(fromRaw.tables.funnel.map((step) => step.count)).toEqual([
        fromRaw.summary.visitors,
        expect.any(Number),
        3,
        3,
      ]);
    });

    it("sums an ended month's days into its monthly rollup, and a long range reads the same figures", async () => {
      await seed(["2026-10-01", "2026-10-18", "2026-10-31", ...days]);
      const long = { from: "2026-09-20", to: "2026-11-23" };
      const fromRaw = await rangeReport(database.db, long, "UTC");
      expect(fromRaw.summary.pageViews).toBeGreaterThan(400);

      await analyticsHousekeeping(database.db, new Date("2026-11-23T01:00:00.000Z"), "UTC");
      const months = await database.db
        .selectFrom("analytics_rolled_months")
        .select("month")
        .execute();
      expect(months.map((row) => row.month)).toEqual(["2026-10"]);
      // Per page, October's monthly row holds what a GROUP BY over its raw events counts (visitors
      // summed per day: each day's salt makes a new visitor).
      const raw = await database.db
        .selectFrom("analytics_events")
        .select([
          "path",
          (eb) => eb.fn<string>("substr", ["occurred_at", eb.val(1), eb.val(10)]).as("day"),
          (eb) => eb.fn.countAll<number>().as("views"),
          (eb) => eb.fn.count<number>("visitor").distinct().as("visitors"),
        ])
        .where("name", "=", "pageview")
        .where("occurred_at", ">=", "2026-10-01")
        .where("occurred_at", "<", "2026-11-01")
        .groupBy(["path", "day"])
        .execute();
      const rawByPath = new Map<string, string>();
      for (const row of raw) {
        const [views, visitors] = (rawByPath.get(row.path) ?? "0 0").split(" ").map(Number);
        rawByPath.set(
          row.path,
          `${views! + Number(row.views)} ${visitors! + Number(row.visitors)}`,
        );
      }
      const monthly = await database.db
        .selectFrom("analytics_monthly_counts")
        .select(["key", "views", "visitors"])
        .where("month", "=", "2026-10")
        .where("dimension", "=", "page")
        .execute();
      expect(
        new Map(monthly.map((row) => [row.key, `${Number(row.views)} ${Number(row.visitors)}`])),
      ).toEqual(rawByPath);
      const conversions = await database.db
        .selectFrom("analytics_monthly_conversions")
        .select(["key", "conversions", "revenue_cents"])
        .where("month", "=", "2026-10")
        .where("dimension", "=", "campaign")
        .execute();
      expect(
        conversions.map((row) => [row.key, Number(row.conversions), Number(row.revenue_cents)]),
      ).toEqual([["spring", 3, 8700]]);

      // October now comes from its monthly rollup, the edges from daily ones: nothing changes.
      expect(await rangeReport(database.db, long, "UTC")).toEqual(fromRaw);
      // A month whose day is rolled up again is summed again.
      const [figures] = await figuresOfDays(database.db, ["2026-10-18"], "UTC");
      await writeRollup(database.db, figures!, new Date("2026-11-24T00:00:00.000Z"));
      await analyticsHousekeeping(database.db, new Date("2026-11-24T01:00:00.000Z"), "UTC");
      const [october] = await database.db
        .selectFrom("analytics_rolled_months")
        .select("rolled_at")
        .execute();
      expect(october!.rolled_at).toBe("2026-11-24T01:00:00.000Z");
      expect(await rangeReport(database.db, long, "UTC")).toEqual(fromRaw);
    });

    it("rolls today up at most once a minute, to the raw counts, and for good once the day ended", async () => {
      await seed();
      const today = { from: "2026-11-22", to: "2026-11-22" };
      const now = Date.parse("2026-11-22T23:00:00.000Z");
      const fromRaw = await rangeReport(database.db, today, "UTC");
      expect(await refreshTodayRollup(database.db, new Date(now), "UTC")).toBe(true);
      expect(await rangeReport(database.db, today, "UTC")).toEqual(fromRaw);

      const views = fromRaw.summary.pageViews;
      await database.db
        .insertInto("analytics_events")
        .values({
          occurred_at: new Date(now + 10_000).toISOString(),
          name: "pageview",
          visitor: "late",
          path: "/",
          referrer_domain: null,
          utm_source: null,
          utm_medium: null,
          utm_campaign: null,
          screen: "phone",
          label: null,
          item: null,
          amount_cents: null,
        })
        .execute();
      // Within the minute the rollup stands; after it, today is worked out again.
      expect(await refreshTodayRollup(database.db, new Date(now + 30_000), "UTC")).toBe(false);
      expect((await rangeReport(database.db, today, "UTC")).summary.pageViews).toBe(views);
      expect(await refreshTodayRollup(database.db, new Date(now + 61_000), "UTC")).toBe(true);
      expect((await rangeReport(database.db, today, "UTC")).summary.pageViews).toBe(views + 1);

      // Once the day has ended and settled, its provisional rollup is replaced by the final one.
      const { rolledUp } = await analyticsHousekeeping(
        database.db,
        new Date("2026-11-23T01:00:00.000Z"),
        "UTC",
      );
      expect(rolledUp).toEqual(["2026-11-20", "2026-11-21", "2026-11-22"]);
      expect((await rangeReport(database.db, today, "UTC")).summary.pageViews).toBe(views + 1);
    });

    it("keeps a visit going on past midnight whole in yesterday's figures before they settle", async () => {
      const pageview = (at: string) => ({
        occurred_at: at,
        name: "pageview",
        visitor: "night-owl",
        path: "/",
        referrer_domain: null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        screen: "phone",
        label: null,
        item: null,
        amount_cents: null,
      });
      const night = { from: "2026-11-22", to: "2026-11-22" };
      await database.db
        .insertInto("analytics_events")
        .values([pageview("2026-11-22T23:59:00.000Z"), pageview("2026-11-22T23:59:02.000Z")])
        .execute();
      await analyticsTodayRefresh(database.db, new Date("2026-11-22T23:59:30.000Z"), "UTC");
      await database.db
        .insertInto("analytics_events")
        .values(pageview("2026-11-23T00:01:07.000Z"))
        .execute();
      // Three minutes past midnight: yesterday is not final yet, and reads 127 s, not 2 s.
      await analyticsTodayRefresh(database.db, new Date("2026-11-23T00:03:00.000Z"), "UTC");
      expect((await rangeReport(database.db, night, "UTC")).summary.meanVisitSeconds).toBe(127);
    });

    it("is idempotent, and two instances rolling the same day leave one copy", async () => {
      await seed();
      const now = new Date("2026-11-23T01:00:00.000Z");
      await analyticsHousekeeping(database.db, now, "UTC");
      const countRows = async () =>
        Number(
          (
            await database.db
              .selectFrom("analytics_daily_counts")
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await countRows();
      expect((await analyticsHousekeeping(database.db, now, "UTC")).rolledUp).toEqual([]);
      const [figures] = await figuresOfDays(database.db, ["2026-11-21"], "UTC");
      await Promise.all([
        writeRollup(database.db, figures!, now),
        writeRollup(database.db, figures!, now),
      ]);
      expect(await countRows()).toBe(before);
    });

    it("deletes raw events past the owner's retention, keeping their figures in the rollups", async () => {
      await seed();
      const clock = new ManualClock("2026-11-23T01:00:00.000Z");
      const saved = await saveAnalyticsSettings(
        { db: database.db, clock },
        { retentionDays: "1", excludedPaths: "/drafts\n/thank-you", actor: "owner@example.com" },
      );
      expect(saved).toMatchObject({ outcome: "saved" });
      const fromRaw = await rangeReport(database.db, range, "UTC");
      const { deleted } = await analyticsHousekeeping(database.db, clock.now(), "UTC");
      expect(deleted).toBeGreaterThan(0);
      const left = await database.db
        .selectFrom("analytics_events")
        .select((eb) => eb.fn.min("occurred_at").as("first"))
        .executeTakeFirstOrThrow();
      expect(left.first! >= "2026-11-22").toBe(true);
      expect(await rangeReport(database.db, range, "UTC")).toEqual(fromRaw);
      const audit = await database.db
        .selectFrom("admin_audit_log")
        .select("action")
        .where("action", "=", "analytics.settings")
        .execute();
      expect(audit).toHaveLength(1);
    });

    it("refuses settings out of bounds, changing nothing", async () => {
      const clock = new ManualClock("2026-11-23T01:00:00.000Z");
      for (const input of [
        { retentionDays: "0", excludedPaths: "" },
        { retentionDays: "ninety", excludedPaths: "" },
        { retentionDays: "90", excludedPaths: "drafts" },
        { retentionDays: "90", excludedPaths: "/a b" },
      ])
        expect(
          await saveAnalyticsSettings(
            { db: database.db, clock },
            { ...input, actor: "owner@example.com" },
          ),
        ).toMatchObject({ outcome: "invalid" });
      expect(await database.db.selectFrom("analytics_settings").selectAll().execute()).toEqual([]);
    });

    it("deletes all analytics data in one step, audit-logged", async () => {
      await seed();
      await analyticsHousekeeping(database.db, new Date("2026-11-23T01:00:00.000Z"), "UTC");
      const clock = new ManualClock("2026-11-23T02:00:00.000Z");
      const deleted = await deleteAllAnalyticsData(
        { db: database.db, clock },
        { actor: "owner@example.com" },
      );
      expect(deleted.attributions).toBe(6);
      const report = await rangeReport(database.db, range, "UTC");
      expect(report.summary).toEqual({ visitors: 0, pageViews: 0, visits: 0, meanVisitSeconds: 0 });
      for (const table of [
        "analytics_events",
        "analytics_attributions",
        "analytics_daily_totals",
        "analytics_daily_counts",
        "analytics_daily_conversions",
        "analytics_rolled_months",
        "analytics_monthly_counts",
        "analytics_monthly_conversions",
      ] as const)
        expect(await database.db.selectFrom(table).selectAll().execute()).toEqual([]);
      const audit = await database.db
        .selectFrom("admin_audit_log")
        .select("detail")
        .where("action", "=", "analytics.delete-all")
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.detail)).toEqual(deleted);
    });
  });
}
