import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  analyticsHousekeeping,
  dailyPageViews,
  rangeReport,
  rangeSummary,
  reportTable,
  visitorsNow,
} from "~/.server/analytics";
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
      expect(await rangeSummary(database.db, range, "UTC")).toEqual({
        visitors: 2,
        pageViews: 4,
        visits: 3,
        meanVisitSeconds: 100, // (300 + 0 + 0) / 3
      });
      expect(await reportTable(database.db, range, "pages", "UTC")).toEqual([
        { key: "/", views: 2, visitors: 2 },
        { key: "/book", views: 1, visitors: 1 },
        { key: "/method", views: 1, visitors: 1 },
      ]);
      expect(await reportTable(database.db, range, "referrers", "UTC")).toEqual([
        { key: "google.com", views: 1, visitors: 1 },
      ]);
      expect(await reportTable(database.db, range, "devices", "UTC")).toEqual([
        { key: "desktop", visits: 2, visitors: 1 },
        { key: "phone", visits: 1, visitors: 1 },
      ]);
      expect(await dailyPageViews(database.db, range, "UTC")).toEqual([
        { day: "2026-11-20", views: 3 },
        { day: "2026-11-21", views: 1 },
      ]);
      expect(await visitorsNow(database.db, new Date("2026-11-22T09:03:00.000Z"))).toBe(1);
    });

    it("counts a visit going on past midnight once in Devices, as in the headline", async () => {
      await view("2026-11-20T23:50:00.000Z", "night", "/");
      await view("2026-11-21T00:10:00.000Z", "night", "/book");
      const { visitors, visits } = await rangeSummary(database.db, range, "UTC");
      expect({ visitors, visits }).toEqual({ visitors: 1, visits: 1 });
      expect(await reportTable(database.db, range, "devices", "UTC")).toEqual([
        { key: "desktop", visits: 1, visitors: 1 },
      ]);
    });

    it("sums every table of a seeded month to the raw events, read raw and rolled up", async () => {
      const rollups = [
        "analytics_daily_totals",
        "analytics_daily_counts",
        "analytics_daily_conversions",
        "analytics_rolled_months",
        "analytics_monthly_counts",
        "analytics_monthly_conversions",
      ] as const;
      for (const table of rollups) await database.db.deleteFrom(table).execute();
      const month = { from: "2025-10-01", to: "2025-10-31" };
      const screens = ["phone", "tablet", "desktop"];
      const rows = [];
      // 31 days of visitors, some of whose visits go on past midnight, with pauses of 40 minutes.
      for (let day = 1; day <= 31; day += 1)
        for (let visitor = 0; visitor < 1 + (day % 5); visitor += 1) {
          const id = `d${day}-v${visitor}`;
          const start = Date.parse(`2025-10-${String(day).padStart(2, "0")}T00:00:00.000Z`);
          const late = visitor === 0 && day % 3 === 0;
          const first = start + (late ? 23 * 3600_000 + 50 * 60_000 : (8 + visitor) * 3600_000);
          const steps = [0, 4, late ? 25 : 40 + visitor * 10, 75];
          let at = first;
          for (const [index, minutes] of steps.entries()) {
            at += minutes * 60_000;
            rows.push({
              occurred_at: new Date(at).toISOString(),
              name: "pageview",
              visitor: id,
              path: `/page-${(day + index) % 9}`,
              referrer_domain: index === 0 && visitor % 2 === 0 ? "google.com" : null,
              utm_source: index === 0 && visitor === 1 ? "newsletter" : null,
              utm_medium: null,
              utm_campaign: null,
              screen: screens[(day + visitor) % 3]!,
              label: null,
              item: null,
              amount_cents: null,
            });
          }
        }
      await database.db.insertInto("analytics_events").values(rows).execute();

      // The raw events, counted here as the caption says: a visit is a visitor's run without 30
      // minutes of quiet, counted on the day it began; a visitor once per day they began one.
      const inMonth = rows.filter((row) => row.occurred_at.startsWith("2025-10"));
      const visitStarts: { visitor: string; day: string; screen: string }[] = [];
      const byVisitor = new Map<string, typeof rows>();
      for (const row of rows)
        byVisitor.set(row.visitor, [...(byVisitor.get(row.visitor) ?? []), row]);
      for (const [visitor, own] of byVisitor)
        own.forEach((row, index) => {
          const before = own[index - 1];
          if (!before || Date.parse(row.occurred_at) - Date.parse(before.occurred_at) > 30 * 60_000)
            visitStarts.push({ visitor, day: row.occurred_at.slice(0, 10), screen: row.screen });
        });
      const visits = visitStarts.filter((start) => start.day.startsWith("2025-10"));
      const visitors = new Set(visits.map((start) => `${start.day} ${start.visitor}`)).size;
      const sum = (table: Record<string, unknown>[], key: string) =>
        table.reduce((total, row) => total + Number(row[key]), 0);

      const check = async () => {
        const report = await rangeReport(database.db, month, "UTC");
        expect(report.summary).toMatchObject({
          pageViews: inMonth.length,
          visits: visits.length,
          visitors,
        });
        expect(sum(report.days, "views")).toBe(inMonth.length);
        expect(sum(report.tables.pages, "views")).toBe(inMonth.length);
        expect(sum(report.tables.devices, "visits")).toBe(visits.length);
        expect(sum(report.tables.devices, "visitors")).toBe(visitors);
        expect(sum(report.tables["entry-pages"], "visits")).toBe(visits.length);
        expect(sum(report.tables.sources, "visits")).toBe(visits.length);
        for (const screen of screens)
          expect(report.tables.devices.find((row) => row.key === screen)?.visits ?? 0).toBe(
            visits.filter((start) => start.screen === screen).length,
          );
        return report;
      };
      const fromRaw = await check();
      // Rolled up by day, then as a month: the same figures.
      await analyticsHousekeeping(database.db, new Date("2025-11-02T01:00:00.000Z"), "UTC");
      expect(
        await database.db.selectFrom("analytics_rolled_months").select("month").execute(),
      ).toEqual([{ month: "2025-10" }]);
      expect(await check()).toEqual(fromRaw);
      for (const table of rollups) await database.db.deleteFrom(table).execute();
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
      expect(await reportTable(database.db, range, "conversions-by-campaign", "UTC")).toEqual([
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
      expect(await reportTable(database.db, range, "conversions-by-landing-page", "UTC")).toEqual([
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
