import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dailyPageViews, rangeSummary, reportTable, visitorsNow } from "~/.server/analytics";
import { recordAttribution } from "~/.server/analytics";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const range = { from: "2026-11-20", to: "2026-11-21" };

for (const dialect of allDialects) {
  describe(`the console's analytics queries on ${dialect}`, () => {
    let database: TestDatabase;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(() => database.dispose());
    beforeEach(async () => {
      await database.db.deleteFrom("analytics_events").execute();
      await database.db.deleteFrom("analytics_attributions").execute();
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
          screen: "desktop",
          label: null,
          item: null,
          amount_cents: null,
          ...extra,
        })
        .execute();
    }

    it("counts visitors, page views, and visits split by 30 minutes of quiet", async () => {
      await view("2026-11-20T10:00:00.000Z", "a", "/", { referrer_domain: "google.com" });
      await view("2026-11-20T10:05:00.000Z", "a", "/method");
      // 40 minutes of quiet: a second visit by the same visitor.
      await view("2026-11-20T10:45:00.000Z", "a", "/book");
      await view("2026-11-21T09:00:00.000Z", "b", "/", { screen: "phone" });
      // Outside the range.
      await view("2026-11-22T09:00:00.000Z", "c", "/");
      expect(await rangeSummary(database.db, range)).toEqual({
        visitors: 2,
        pageViews: 4,
        visits: 3,
        meanVisitSeconds: 100, // (300 + 0 + 0) / 3
      });
      expect(await reportTable(database.db, range, "pages")).toEqual([
        { key: "/", views: 2, visitors: 2 },
        { key: "/book", views: 1, visitors: 1 },
        { key: "/method", views: 1, visitors: 1 },
      ]);
      expect(await reportTable(database.db, range, "referrers")).toEqual([
        { key: "google.com", views: 1, visitors: 1 },
      ]);
      expect(await reportTable(database.db, range, "devices")).toEqual([
        { key: "desktop", visits: 2, visitors: 1 },
        { key: "phone", visits: 1, visitors: 1 },
      ]);
      expect(await dailyPageViews(database.db, range)).toEqual([
        { day: "2026-11-20", views: 3 },
        { day: "2026-11-21", views: 1 },
      ]);
      expect(await visitorsNow(database.db, new Date("2026-11-22T09:03:00.000Z"))).toBe(1);
    });

    it("counts a visit going on past midnight once in Devices, as in the headline", async () => {
      await view("2026-11-20T23:50:00.000Z", "night", "/");
      await view("2026-11-21T00:10:00.000Z", "night", "/book");
      const { visitors, visits } = await rangeSummary(database.db, range);
      expect({ visitors, visits }).toEqual({ visitors: 1, visits: 1 });
      expect(await reportTable(database.db, range, "devices")).toEqual([
        { key: "desktop", visits: 1, visitors: 1 },
      ]);
    });

    it("sums conversions and revenue by source, direct when there is none", async () => {
      const at = new Date("2026-11-20T12:00:00.000Z");
      const campaign = {
        landingPath: "/landingpage",
        referrerDomain: "linkedin.com",
        utmSource: "linkedin",
        utmMedium: "social",
        utmCampaign: "spring",
        conversionPath: "/buy-now",
      };
      await recordAttribution(database.db, {
        conversion: "order",
        subjectId: "o1",
        personId: null,
        source: campaign,
        amountCents: 1999,
        at,
      });
      await recordAttribution(database.db, {
        conversion: "order",
        subjectId: "o2",
        personId: null,
        source: campaign,
        amountCents: 29500,
        at,
      });
      await recordAttribution(database.db, {
        conversion: "contact_message",
        subjectId: "m1",
        personId: null,
        source: undefined,
        at,
      });
      expect(await reportTable(database.db, range, "conversions-by-campaign")).toEqual([
        {
          key: "spring",
          visits: 0,
          conversions: 2,
          conversionRatePercent: null,
          revenueCents: 31499,
        },
        {
          key: "(direct)",
          visits: 0,
          conversions: 1,
          conversionRatePercent: null,
          revenueCents: 0,
        },
      ]);
      expect(await reportTable(database.db, range, "conversions-by-landing-page")).toEqual([
        {
          key: "/landingpage",
          visits: 0,
          conversions: 2,
          conversionRatePercent: null,
          revenueCents: 31499,
        },
        {
          key: "(direct)",
          visits: 0,
          conversions: 1,
          conversionRatePercent: null,
          revenueCents: 0,
        },
      ]);
    });
  });
}
