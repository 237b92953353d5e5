import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  analyticsHousekeeping,
  rangeReport,
  recordAttribution,
  reportTable,
  type Conversion,
  type VisitSource,
} from "~/.server/analytics";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const day = { from: "2026-11-20", to: "2026-11-20" };

const linkedin: VisitSource = {
  landingPath: "/",
  referrerDomain: null,
  utmSource: "linkedin",
  utmMedium: null,
  utmCampaign: null,
  conversionPath: "/contact",
};

for (const dialect of allDialects) {
  describe(`sources, people and visits on ${dialect}`, () => {
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
      ] as const)
        await database.db.deleteFrom(table).execute();
    });

    async function view(at: string, visitor: string, path: string, extra: object = {}) {
      await database.db
        .insertInto("analytics_events")
        .values({
          occurred_at: at,
          name: "pageview",
          visitor,
          path,
          referrer_domain: null,
          utm_source: null,
          utm_medium: null,
          utm_campaign: null,
          screen: "phone",
          label: null,
          item: null,
          amount_cents: null,
          ...extra,
        })
        .execute();
    }

    const convert = (
      conversion: Conversion,
      subjectId: string,
      personId: string | null,
      source: VisitSource | undefined,
      amountCents?: number,
    ) =>
      recordAttribution(database.db, {
        conversion,
        subjectId,
        personId,
        source,
        amountCents,
        at: new Date("2026-11-20T12:30:00.000Z"),
      });

    it("credits a source given only by utm_source to it, not to (direct), per kind", async () => {
      await view("2026-11-20T12:00:00.000Z", "v1", "/", { utm_source: "LinkedIn" });
      await view("2026-11-20T12:01:00.000Z", "v1", "/contact");
      await view("2026-11-20T12:02:00.000Z", "v2", "/", { referrer_domain: "google.com" });
      await view("2026-11-20T12:03:00.000Z", "v3", "/");
      await convert("contact_message", "m1", "ada", linkedin);
      await convert("checkout_start", "o1", "ada", linkedin);
      await convert("order", "o1", "ada", linkedin, 1999);
      expect(await reportTable(database.db, day, "sources", "UTC")).toEqual([
        {
          key: "linkedin",
          visits: 1,
          leads: 1,
          subscribers: 0,
          buyers: 1,
          bookings: 0,
          // One person, a lead and a buyer: one converted visitor of one visit.
          conversionRatePercent: 100,
          revenueCents: 1999,
          wonDeals: 0,
          dealRevenueCents: 0,
        },
        { ...emptySource, key: "(direct)", visits: 1, conversionRatePercent: 0 },
        { ...emptySource, key: "google.com", visits: 1, conversionRatePercent: 0 },
      ]);
    });

    it("counts people per kind, with real rates and each funnel step's own people", async () => {
      await view("2026-11-20T12:00:00.000Z", "v1", "/ep40", { utm_campaign: "ep40" });
      await view("2026-11-20T12:01:00.000Z", "v1", "/buy-now");
      const ep40 = { ...linkedin, landingPath: "/ep40", utmSource: null, utmCampaign: "ep40" };
      // A signup and its confirmation are one subscriber.
      await convert("newsletter_signup", "membership-1", "ada", ep40);
      await convert("newsletter_confirmation", "membership-1", "ada", ep40);
      // Two checkouts started by one buyer, one paid.
      await convert("checkout_start", "o1", "ada", ep40);
      await convert("checkout_start", "o2", "ada", ep40);
      await convert("order", "o2", "ada", ep40, 1999);
      // Two more people from the campaign whose visits came before the range.
      await convert("contact_message", "m2", "bob", ep40);
      await convert("contact_message", "m3", "cy", ep40);
      // A buyer whose checkout was started before the range.
      await convert("order", "o3", "dee", ep40, 1999);

      const report = await rangeReport(database.db, day, "UTC");
      expect(report.tables["conversions-by-campaign"]).toEqual([
        {
          key: "ep40",
          visits: 1,
          conversions: 4,
          conversionRatePercent: 400,
          revenueCents: 3998,
        },
      ]);
      expect(report.tables.sources[0]).toMatchObject({
        key: "(direct)",
        subscribers: 1,
        buyers: 2,
        leads: 2,
      });
      expect(report.tables.funnel).toEqual([
        { step: "Visitors", count: 1, percentOfStepBefore: null },
        { step: "Viewed /buy-now", count: 1, percentOfStepBefore: 100 },
        { step: "Checkout started", count: 1, percentOfStepBefore: 100 },
        { step: "Paid", count: 2, percentOfStepBefore: 200 },
      ]);
    });

    it("counts a visit across midnight once, on the day it began, with its source", async () => {
      await view("2026-11-20T23:50:00.000Z", "v1", "/landing-page", { utm_source: "newsletter" });
      await view("2026-11-21T00:10:00.000Z", "v1", "/buy-now");
      await view("2026-11-21T00:20:00.000Z", "v1", "/about");
      // A visitor of the second day only.
      await view("2026-11-21T09:00:00.000Z", "v2", "/");
      const both = { from: "2026-11-20", to: "2026-11-21" };
      const second = { from: "2026-11-21", to: "2026-11-21" };

      const check = async () => {
        const report = await rangeReport(database.db, both, "UTC");
        expect(report.summary).toEqual({
          visitors: 2,
          pageViews: 4,
          visits: 2,
          meanVisitSeconds: 900, // (1800 + 0) / 2
        });
        expect(report.tables["entry-pages"]).toEqual([
          { key: "/", visits: 1, visitors: 1 },
          { key: "/landing-page", visits: 1, visitors: 1 },
        ]);
        expect(report.tables.sources.map((row) => [row.key, row.visits])).toEqual([
          ["(direct)", 1],
          ["newsletter", 1],
        ]);
        const first = await rangeReport(database.db, day, "UTC");
        expect(first.summary).toMatchObject({ visitors: 1, visits: 1, pageViews: 1 });
        const next = await rangeReport(database.db, second, "UTC");
        expect(next.summary).toMatchObject({ visitors: 1, visits: 1, pageViews: 3 });
        expect(next.tables["entry-pages"]).toEqual([{ key: "/", visits: 1, visitors: 1 }]);
      };
      // From the raw events, then from the rollups once both days ended.
      await check();
      await analyticsHousekeeping(database.db, new Date("2026-11-22T01:00:00.000Z"), "UTC");
      const rolled = await database.db
        .selectFrom("analytics_daily_totals")
        .select(["day", "visits"])
        .orderBy("day")
        .execute();
      expect(rolled.map((row) => [row.day, Number(row.visits)])).toEqual([
        ["2026-11-20", 1],
        ["2026-11-21", 1],
      ]);
      await check();
    });
  });
}

const empty = {
  visits: 0,
  leads: 0,
  subscribers: 0,
  buyers: 0,
  bookings: 0,
  conversionRatePercent: null,
  revenueCents: 0,
};
/** A source's row adds the deals won from it (decision 322). */
const emptySource = { ...empty, wonDeals: 0, dealRevenueCents: 0 };
