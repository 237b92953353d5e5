import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  analyticsHousekeeping,
  deleteAllAnalyticsData,
  rangeReport,
  recordAttribution,
  recordServerEvent,
  saveAnalyticsSettings,
} from "~/.server/analytics";
import { figuresOfDays } from "~/.server/analytics/day-figures";
import { writeRollup } from "~/.server/analytics/daily-rollups";
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
        "analytics_settings",
      ] as const)
        await database.db.deleteFrom(table).execute();
    });

    /** Visits over three days: several page views each, some reaching /buy-now and paying. */
    async function seed() {
      const random = lcg(7);
      // The high bits: the low bits of a power-of-two LCG repeat with a short period.
      const next = (n: number) => Math.floor(random.next().value! / 65_536) % n;
      const rows = [];
      for (const day of days) {
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
      const fromRaw = await rangeReport(database.db, range);
      expect(fromRaw.summary.pageViews).toBeGreaterThan(200);

      // 2026-11-22 ended less than five minutes ago: not rolled up yet.
      const early = await analyticsHousekeeping(database.db, new Date("2026-11-23T00:03:00.000Z"));
      expect(early.rolledUp).toEqual(["2026-11-20", "2026-11-21"]);
      const { rolledUp } = await analyticsHousekeeping(
        database.db,
        new Date("2026-11-23T01:00:00.000Z"),
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
      expect(await rangeReport(database.db, range)).toEqual(fromRaw);
      expect(fromRaw.tables["conversions-by-campaign"][0]).toMatchObject({
        key: "spring",
        conversions: 3,
        revenueCents: 8700,
      });
      expect(fromRaw.tables.funnel.map((step) => step.count)).toEqual([
        fromRaw.summary.visits,
        expect.any(Number),
        3,
        3,
      ]);
    });

    it("is idempotent, and two instances rolling the same day leave one copy", async () => {
      await seed();
      const now = new Date("2026-11-23T01:00:00.000Z");
      await analyticsHousekeeping(database.db, now);
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
      expect((await analyticsHousekeeping(database.db, now)).rolledUp).toEqual([]);
      const [figures] = await figuresOfDays(database.db, ["2026-11-21"]);
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
      const fromRaw = await rangeReport(database.db, range);
      const { deleted } = await analyticsHousekeeping(database.db, clock.now());
      expect(deleted).toBeGreaterThan(0);
      const left = await database.db
        .selectFrom("analytics_events")
        .select((eb) => eb.fn.min("occurred_at").as("first"))
        .executeTakeFirstOrThrow();
      expect(left.first! >= "2026-11-22").toBe(true);
      expect(await rangeReport(database.db, range)).toEqual(fromRaw);
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
      await analyticsHousekeeping(database.db, new Date("2026-11-23T01:00:00.000Z"));
      const clock = new ManualClock("2026-11-23T02:00:00.000Z");
      const deleted = await deleteAllAnalyticsData(
        { db: database.db, clock },
        { actor: "owner@example.com" },
      );
      expect(deleted.attributions).toBe(3);
      const report = await rangeReport(database.db, range);
      expect(report.summary).toEqual({ visitors: 0, pageViews: 0, visits: 0, meanVisitSeconds: 0 });
      for (const table of [
        "analytics_events",
        "analytics_attributions",
        "analytics_daily_totals",
        "analytics_daily_counts",
        "analytics_daily_conversions",
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
