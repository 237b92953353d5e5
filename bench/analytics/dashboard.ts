import { randomUUID } from "node:crypto";
import { sql } from "kysely";
// Not through analytics/index.ts: it reaches the referrer list, a Vite raw import tsx cannot load.
import { readAnalyticsSettings } from "../../app/.server/analytics/analytics-settings";
import {
  rangeReport,
  reportTable,
  visitorsNow,
  type DayRange,
} from "../../app/.server/analytics/stats/dashboard";
import { dayRangeFromQuery, previousRange } from "../../app/.server/analytics/stats/day-range";
import {
  refreshTodayRollup,
  rollUpFinishedDays,
} from "../../app/.server/analytics/stats/daily-rollups";
import { figuresOfDays } from "../../app/.server/analytics/stats/day-figures";
import { createDatabase, type Db } from "../../app/.server/core/db/database";
import type { BenchDatabase } from "../bench-databases";

const dayMs = 86_400_000;
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

export type DashboardOptions = {
  /** Page views over the year (365 finished days). */
  yearViews: number;
  /** Days of raw events kept (the owner's retention); older days exist as rollups only. */
  retentionDays: number;
  runs: number;
};

/**
 * One day's raw events as set-based SQL: `perDay` events spread evenly over the day, three page
 * views per visit a few seconds apart, a campaign on one visit in ten, a referrer on half, a
 * /buy-now view in forty, a checkout start in 500 and a purchase in 1,500.
 */
function insertDay(postgres: boolean, day: string, count: number) {
  const at = postgres
    ? sql`to_char(${day}::timestamp + i * interval '1 millisecond' * ${Math.floor(dayMs / count)}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${Date.parse(day) / 1000} + i * ${86_400 / count}, 'unixepoch')`;
  const visit = sql`(i / 3)`;
  const columns = sql`
    ${at},
    CASE WHEN i % 1500 = 7 THEN 'purchase' WHEN i % 500 = 5 THEN 'checkout_start' ELSE 'pageview' END,
    'v' || ${visit},
    CASE WHEN i % 40 = 1 THEN '/buy-now' ELSE '/articles/a' || ((i * 7) % 300) END,
    CASE ${visit} % 6 WHEN 0 THEN 'google.com' WHEN 1 THEN 'news.ycombinator.com'
      WHEN 2 THEN 'r' || (${visit} % 80) || '.example.org' ELSE NULL END,
    CASE WHEN ${visit} % 10 = 0 THEN 'newsletter' ELSE NULL END,
    CASE WHEN ${visit} % 10 = 0 THEN 'email' ELSE NULL END,
    CASE WHEN ${visit} % 10 = 0 THEN 'spring-' || (${visit} % 12) ELSE NULL END,
    CASE ${visit} % 3 WHEN 0 THEN 'phone' WHEN 1 THEN 'tablet' ELSE 'desktop' END,
    CASE WHEN i % 1500 = 7 THEN 2900 ELSE NULL END`;
  const target = sql`INSERT INTO analytics_events (occurred_at, name, visitor, path,
    referrer_domain, utm_source, utm_medium, utm_campaign, screen, amount_cents)`;
  return postgres
    ? sql`${target} SELECT ${columns} FROM generate_series(0, ${count - 1}) AS i`
    : sql`${target} WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${count - 1})
        SELECT ${columns} FROM n`;
}

/** A day's few leads and sales, each with its source. */
function conversionsOf(day: string) {
  return Array.from({ length: 20 }, (_, index) => ({
    id: randomUUID(),
    conversion: index % 4 === 0 ? "order" : "newsletter_confirmation",
    subject_id: randomUUID(),
    person_id: null,
    landing_path: `/articles/a${(index * 7) % 300}`,
    referrer_domain: index % 2 === 0 ? "news.ycombinator.com" : null,
    utm_source: index % 5 === 0 ? "newsletter" : null,
    utm_medium: null,
    utm_campaign: index % 5 === 0 ? `spring-${index % 12}` : null,
    conversion_path: "/buy-now",
    amount_cents: index % 4 === 0 ? 2900 : null,
    converted_at: new Date(Date.parse(day) + index * 3_600_000).toISOString(),
  }));
}

/**
 * A year as the product holds it: raw events for the retention window (and today so far), rolled
 * up by the product's own job; the older days' rollups are copies of those, shifted back.
 */
async function seedYear(db: Db, postgres: boolean, options: DashboardOptions, now: number) {
  const perDay = Math.round(options.yearViews / 365);
  const today = dayOf(now);
  const rawDays = Array.from({ length: options.retentionDays }, (_, k) =>
    dayOf(now - (k + 1) * dayMs),
  );
  const todaySoFar = Math.max(3, Math.round((perDay * (now - Date.parse(today))) / dayMs));
  let started = performance.now();
  for (const day of rawDays) {
    await insertDay(postgres, day, perDay).execute(db);
    await db.insertInto("analytics_attributions").values(conversionsOf(day)).execute();
  }
  await insertDay(postgres, today, todaySoFar).execute(db);
  console.log(
    `  raw events: ${rawDays.length} days of ${perDay} and ${todaySoFar} today in ${seconds(started)} s`,
  );
  started = performance.now();
  await rollUpFinishedDays(db, new Date(now), "UTC");
  console.log(`  rolled up ${rawDays.length} days (the product's job) in ${seconds(started)} s`);
  started = performance.now();
  const firstDay = dayOf(now - 365 * dayMs);
  for (let shift = options.retentionDays; shift < 365; shift += options.retentionDays) {
    const shifted = postgres
      ? sql`to_char(day::date - ${shift}::int, 'YYYY-MM-DD')`
      : sql`date(day, ${`-${shift} days`})`;
    for (const table of ["analytics_daily_totals", "analytics_daily_counts"] as const) {
      const columns =
        table === "analytics_daily_totals"
          ? sql`visitors, page_views, visits, visit_seconds, buy_now_visits, checkout_starts, purchases, revenue_cents, rolled_at`
          : sql`dimension, key, views, visitors`;
      await sql`INSERT INTO ${sql.table(table)} (day, ${columns})
        SELECT ${shifted}, ${columns} FROM ${sql.table(table)}
        WHERE day >= ${rawDays.at(-1)!} AND day <= ${rawDays[0]!} AND ${shifted} >= ${firstDay}`.execute(
        db,
      );
    }
    await sql`INSERT INTO analytics_daily_conversions (day, dimension, key, conversions, revenue_cents)
      SELECT ${shifted}, dimension, key, conversions, revenue_cents FROM analytics_daily_conversions
      WHERE day >= ${rawDays.at(-1)!} AND day <= ${rawDays[0]!} AND ${shifted} >= ${firstDay}`.execute(
      db,
    );
  }
  console.log(`  older days' rollups copied in ${seconds(started)} s`);
  if (postgres)
    for (const table of [
      "analytics_events",
      "analytics_attributions",
      "analytics_daily_totals",
      "analytics_daily_counts",
      "analytics_daily_conversions",
    ])
      await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(db);
  else await sql`ANALYZE`.execute(db);
  const count = async (table: "analytics_events" | "analytics_daily_counts") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select(sql<string>`count(*)`.as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const { views } = await db
    .selectFrom("analytics_daily_totals")
    .select(sql<string>`sum(page_views)`.as("views"))
    .where("day", ">=", firstDay)
    .executeTakeFirstOrThrow();
  console.log(
    `  held: ${Number(views).toLocaleString("en")} page views in the year's rollups, ${(await count("analytics_events")).toLocaleString("en")} raw events, ${(await count("analytics_daily_counts")).toLocaleString("en")} rollup count rows`,
  );
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

async function time(task: () => Promise<unknown>) {
  const started = performance.now();
  await task();
  return performance.now() - started;
}

function quantiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { "p50 ms": Math.round(at(0.5) * 10) / 10, "p99 ms": Math.round(at(0.99) * 10) / 10 };
}

/** What the console's analytics page loads (its loader's four reads, together). */
function consolePage(db: Db, range: DayRange, now: Date) {
  return Promise.all([
    rangeReport(db, range, "UTC"),
    rangeReport(db, previousRange(range), "UTC"),
    visitorsNow(db, now),
    readAnalyticsSettings(db),
  ]);
}

export async function measureDashboard(target: BenchDatabase, options: DashboardOptions) {
  const database = await createDatabase(target.url);
  const { db } = database;
  const postgres = target.name === "PostgreSQL";
  try {
    const nowMs = Date.now();
    const now = new Date(nowMs);
    console.log(`${target.name}:`);
    const seeded = performance.now();
    await seedYear(db, postgres, options, nowMs);
    console.log(`  seeded in ${seconds(seeded)} s`);
    const month = dayRangeFromQuery(new URLSearchParams(), now, "UTC");
    const year = { from: dayOf(nowMs - 364 * dayMs), to: dayOf(nowMs) };
    const queries: [string, () => Promise<unknown>][] = [
      ["report, last 30 days", () => rangeReport(db, month, "UTC")],
      ["report, last 12 months", () => rangeReport(db, year, "UTC")],
      ["report, today only", () => rangeReport(db, { from: year.to, to: year.to }, "UTC")],
      ["visitors in the last 5 minutes", () => visitorsNow(db, now)],
      ["CSV of pages, 12 months", () => reportTable(db, year, "pages", "UTC")],
      ["console page, last 30 days", () => consolePage(db, month, now)],
      ["console page, 12 months (and the 12 before)", () => consolePage(db, year, now)],
    ];
    const rows: Record<string, string | number>[] = [];
    const measure = async (reads: string, label: string, query: () => Promise<unknown>) => {
      await query();
      const samples = [];
      for (let run = 0; run < options.runs; run++) samples.push(await time(query));
      rows.push({ database: target.name, reads, query: label, ...quantiles(samples) });
    };
    // As the console read before monthly rollups and today's rollup: 365 days of daily rollups,
    // and today counted from its raw events on every load.
    for (const table of [
      "analytics_rolled_months",
      "analytics_monthly_counts",
      "analytics_monthly_conversions",
    ] as const)
      await db.deleteFrom(table).execute();
    for (const [label, query] of queries) await measure("daily rollups, today raw", label, query);
    // The product's minute job: months rolled up, today's rollup refreshed.
    const started = performance.now();
    await rollUpFinishedDays(db, now, "UTC");
    await refreshTodayRollup(db, now, "UTC");
    console.log(`  months and today rolled up (the minute job) in ${seconds(started)} s`);
    for (const [label, query] of queries) await measure("monthly + daily rollups", label, query);
    await measure("the minute job's work", "today counted from raw events", () =>
      figuresOfDays(db, [year.to], "UTC"),
    );
    console.table(rows);
    return rows;
  } finally {
    await database.destroy();
  }
}
