import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/.server/core/db/database";
import { migrations } from "~/.server/core/db/migrations";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

// A database whose analytics kept link tokens: every migration before 680.
const beforeSecretPaths = Object.fromEntries(
  Object.entries(migrations).filter(([name]) => name < "680_analytics_secret_paths"),
);

type Untyped = Kysely<Record<string, Record<string, unknown>>>;

const event = (path: string, minute: number) => ({
  occurred_at: `2026-11-20T12:${String(minute).padStart(2, "0")}:00.000Z`,
  name: "pageview",
  visitor: `visitor-${minute}`,
  path,
  referrer_domain: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  screen: "desktop",
  label: null,
  item: null,
  amount_cents: null,
});

const counts = (
  period: object,
  dimension: string,
  key: string,
  views: number,
  visitors: number,
) => ({
  ...period,
  dimension,
  key,
  views,
  visitors,
});

for (const dialect of allDialects) {
  describe(`analytics paths with a secret, rewritten on ${dialect}`, () => {
    let database: TestDatabase;
    afterEach(() => database?.dispose());

    it("names each stored token by its route, merging the rollups' rows, and leaves other pages alone", async () => {
      database = await createTestDatabase(dialect, { upTo: beforeSecretPaths });
      const db = database.db as unknown as Untyped;
      await db
        .insertInto("analytics_events")
        .values([
          event("/booking/session/b.token-one", 1),
          event("/booking/session/b.token-two", 2),
          event("/lists/newsletter/confirm/l.token-three", 3),
          event("/articles/why-sales-training-fails", 4),
          event("/booking", 5),
        ])
        .execute();
      await db
        .insertInto("analytics_attributions")
        .values({
          id: "a1",
          conversion: "signup",
          subject_id: "s1",
          person_id: null,
          landing_path: "/lists/waitlist/unsubscribe/w.token-four",
          referrer_domain: null,
          utm_source: null,
          utm_medium: null,
          utm_campaign: null,
          conversion_path: "/foundations-program/offer/o.token-five",
          amount_cents: null,
          converted_at: "2026-11-20T12:00:00.000Z",
        })
        .execute();
      const day = { day: "2026-11-20" } as never;
      await db
        .insertInto("analytics_daily_counts")
        .values([
          counts(day, "page", "/booking/session/b.token-one", 2, 1),
          counts(day, "page", "/booking/session/b.token-two", 3, 1),
          counts(day, "entry", "/booking/session/b.token-one", 1, 1),
          counts(day, "page", "/articles/why-sales-training-fails", 5, 4),
          // A referrer is no path: a key that looks like one stays.
          counts(day, "referrer", "/booking/session/b.token-one", 1, 1),
        ])
        .execute();
      await db
        .insertInto("analytics_monthly_counts")
        .values([
          counts({ month: "2026-10" } as never, "page", "/downloads/book/d.token-six", 1, 1),
          counts({ month: "2026-10" } as never, "page", "/downloads/book/d.token-seven", 1, 1),
        ])
        .execute();
      await db
        .insertInto("analytics_daily_conversions")
        .values([
          {
            day: "2026-11-20",
            dimension: "landing",
            key: "/booking/cancel/c.token-8",
            conversions: 1,
            revenue_cents: 100,
          },
          {
            day: "2026-11-20",
            dimension: "landing",
            key: "/booking/cancel/c.token-9",
            conversions: 2,
            revenue_cents: 300,
          },
        ])
        .execute();

      await migrateToLatest(database.db);

      const paths = await db
        .selectFrom("analytics_events")
        .select("path")
        .orderBy("occurred_at")
        .execute();
      expect(paths.map((row) => row.path)).toEqual([
        "/booking/session/:token",
        "/booking/session/:token",
        "/lists/newsletter/confirm/:token",
        "/articles/why-sales-training-fails",
        "/booking",
      ]);
      expect(
        await db
          .selectFrom("analytics_attributions")
          .select(["landing_path", "conversion_path"])
          .execute(),
      ).toEqual([
        {
          landing_path: "/lists/waitlist/unsubscribe/:token",
          conversion_path: "/foundations-program/offer/:token",
        },
      ]);
      const daily = await db
        .selectFrom("analytics_daily_counts")
        .select(["dimension", "key", "views", "visitors"])
        .orderBy("dimension")
        .orderBy("key")
        .execute();
      expect(
        daily.map((row) => ({ ...row, views: Number(row.views), visitors: Number(row.visitors) })),
      ).toEqual([
        { dimension: "entry", key: "/booking/session/:token", views: 1, visitors: 1 },
        { dimension: "page", key: "/articles/why-sales-training-fails", views: 5, visitors: 4 },
        { dimension: "page", key: "/booking/session/:token", views: 5, visitors: 2 },
        { dimension: "referrer", key: "/booking/session/b.token-one", views: 1, visitors: 1 },
      ]);
      const monthly = await db
        .selectFrom("analytics_monthly_counts")
        .select(["key", "views"])
        .execute();
      expect(monthly.map((row) => [row.key, Number(row.views)])).toEqual([
        ["/downloads/book/:token", 2],
      ]);
      const conversions = await db
        .selectFrom("analytics_daily_conversions")
        .select(["key", "conversions", "revenue_cents"])
        .execute();
      expect(
        conversions.map((row) => [row.key, Number(row.conversions), Number(row.revenue_cents)]),
      ).toEqual([["/booking/cancel/:token", 3, 400]]);
    });
  });
}
