import { sql } from "kysely";
import type { Db } from "../core/db/database";
import { sessionQuietMs } from "./sessions";

/** A range of whole UTC days, both ends included. */
export type DayRange = { from: string; to: string };

const startOf = (day: string) => `${day}T00:00:00.000Z`;
const endOf = (day: string) => `${day}T23:59:59.999Z`;

export type CountRow = { key: string; views: number; visitors: number };
export type ConversionRow = { key: string; conversions: number; revenueCents: number };

/** The tables of the console's analytics page, each also a CSV download. */
export const reportTables = [
  "pages",
  "referrers",
  "campaigns",
  "devices",
  "conversions-by-referrer",
  "conversions-by-campaign",
  "conversions-by-landing-page",
] as const;
export type ReportTable = (typeof reportTables)[number];

async function pageViewsBy(
  db: Db,
  range: DayRange,
  column: "path" | "referrer_domain" | "utm_campaign" | "screen",
): Promise<CountRow[]> {
  const rows = await db
    .selectFrom("analytics_events")
    .select([
      `${column} as key`,
      (eb) => eb.fn.countAll<number>().as("views"),
      (eb) => eb.fn.count<number>("visitor").distinct().as("visitors"),
    ])
    .where("name", "=", "pageview")
    .where("occurred_at", ">=", startOf(range.from))
    .where("occurred_at", "<=", endOf(range.to))
    .where(column, "is not", null)
    .groupBy(column)
    .orderBy("views", "desc")
    .orderBy(column)
    .limit(50)
    .execute();
  return rows.map((row) => ({
    key: String(row.key),
    views: Number(row.views),
    visitors: Number(row.visitors),
  }));
}

async function conversionsBy(
  db: Db,
  range: DayRange,
  column: "referrer_domain" | "utm_campaign" | "landing_path",
): Promise<ConversionRow[]> {
  const rows = await db
    .selectFrom("analytics_attributions")
    .select([
      sql<string>`coalesce(${sql.ref(column)}, '(direct)')`.as("key"),
      (eb) => eb.fn.countAll<number>().as("conversions"),
      (eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_cents"), sql<number>`0`).as("revenue"),
    ])
    .where("converted_at", ">=", startOf(range.from))
    .where("converted_at", "<=", endOf(range.to))
    .groupBy(sql`coalesce(${sql.ref(column)}, '(direct)')`)
    .orderBy("conversions", "desc")
    .orderBy("key")
    .limit(50)
    .execute();
  return rows.map((row) => ({
    key: row.key,
    conversions: Number(row.conversions),
    revenueCents: Number(row.revenue),
  }));
}

/** One report table's rows, for the page and its CSV download. */
export function reportTable(db: Db, range: DayRange, table: ReportTable) {
  switch (table) {
    case "pages":
      return pageViewsBy(db, range, "path");
    case "referrers":
      return pageViewsBy(db, range, "referrer_domain");
    case "campaigns":
      return pageViewsBy(db, range, "utm_campaign");
    case "devices":
      return pageViewsBy(db, range, "screen");
    case "conversions-by-referrer":
      return conversionsBy(db, range, "referrer_domain");
    case "conversions-by-campaign":
      return conversionsBy(db, range, "utm_campaign");
    case "conversions-by-landing-page":
      return conversionsBy(db, range, "landing_path");
  }
}

/**
 * Visitors, page views, visits and their mean length over the range. Visits are worked out from
 * each visitor's events: a gap of more than 30 minutes starts a new one.
 */
export async function rangeSummary(db: Db, range: DayRange) {
  const events = await db
    .selectFrom("analytics_events")
    .select(["visitor", "occurred_at"])
    .where("visitor", "is not", null)
    .where("occurred_at", ">=", startOf(range.from))
    .where("occurred_at", "<=", endOf(range.to))
    .orderBy("visitor")
    .orderBy("occurred_at")
    .execute();
  const pageViews = await db
    .selectFrom("analytics_events")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("name", "=", "pageview")
    .where("occurred_at", ">=", startOf(range.from))
    .where("occurred_at", "<=", endOf(range.to))
    .executeTakeFirstOrThrow();
  const visitors = new Set<string>();
  let visits = 0;
  let visitMs = 0;
  let current: { visitor: string; start: number; last: number } | undefined;
  const close = () => {
    if (current) visitMs += current.last - current.start;
  };
  for (const event of events) {
    const at = Date.parse(event.occurred_at);
    visitors.add(event.visitor!);
    if (!current || current.visitor !== event.visitor || at - current.last > sessionQuietMs) {
      close();
      visits += 1;
      current = { visitor: event.visitor!, start: at, last: at };
    } else {
      current.last = at;
    }
  }
  close();
  return {
    visitors: visitors.size,
    pageViews: Number(pageViews.n),
    visits,
    meanVisitSeconds: visits === 0 ? 0 : Math.round(visitMs / visits / 1000),
  };
}

/** Page views per day of the range (days without any are zero), for the chart. */
export async function dailyPageViews(db: Db, range: DayRange) {
  const day = sql<string>`substr(occurred_at, 1, 10)`;
  const rows = await db
    .selectFrom("analytics_events")
    .select([day.as("day"), (eb) => eb.fn.countAll<number>().as("views")])
    .where("name", "=", "pageview")
    .where("occurred_at", ">=", startOf(range.from))
    .where("occurred_at", "<=", endOf(range.to))
    .groupBy(day)
    .execute();
  const byDay = new Map(rows.map((row) => [row.day, Number(row.views)]));
  const days: { day: string; views: number }[] = [];
  for (
    let at = Date.parse(startOf(range.from));
    at <= Date.parse(startOf(range.to));
    at += 86_400_000
  ) {
    const key = new Date(at).toISOString().slice(0, 10);
    days.push({ day: key, views: byDay.get(key) ?? 0 });
  }
  return days;
}

/** Visitors seen in the last five minutes. */
export async function visitorsNow(db: Db, now: Date) {
  const row = await db
    .selectFrom("analytics_events")
    .select((eb) => eb.fn.count<number>("visitor").distinct().as("n"))
    .where("occurred_at", ">=", new Date(now.getTime() - 5 * 60_000).toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
