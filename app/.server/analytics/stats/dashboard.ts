import { sql, type RawBuilder } from "kysely";
import type { Db } from "../../core/db/database";
import { monthOf, wholeMonthsWithin } from "./monthly-rollups";
import {
  addDays,
  dayStart,
  figuresOfDays,
  type ConversionDimension,
  type CountDimension,
  type DayTotals,
} from "./day-figures";

/** A range of whole UTC days, both ends included. */
export type DayRange = { from: string; to: string };

export type CountRow = { key: string; views: number; visitors: number };
export type EntryRow = { key: string; visits: number; visitors: number };
export type ConversionRow = {
  key: string;
  visits: number;
  conversions: number;
  /** Conversions per 100 visits from this source; null when none came from it. */
  conversionRatePercent: number | null;
  revenueCents: number;
};
export type FunnelRow = { step: string; count: number; dropOffPercent: number | null };

/** The tables of the console's analytics page, each also a CSV download, with their columns. */
export const reportColumns = {
  pages: ["key", "views", "visitors"],
  "entry-pages": ["key", "visits", "visitors"],
  referrers: ["key", "views", "visitors"],
  campaigns: ["key", "views", "visitors"],
  devices: ["key", "views", "visitors"],
  "conversions-by-referrer": [
    "key",
    "visits",
    "conversions",
    "conversionRatePercent",
    "revenueCents",
  ],
  "conversions-by-campaign": [
    "key",
    "visits",
    "conversions",
    "conversionRatePercent",
    "revenueCents",
  ],
  "conversions-by-landing-page": [
    "key",
    "visits",
    "conversions",
    "conversionRatePercent",
    "revenueCents",
  ],
  funnel: ["step", "count", "dropOffPercent"],
} as const;
export type ReportTable = keyof typeof reportColumns;
export const reportTables = Object.keys(reportColumns) as ReportTable[];

export type ReportRows = {
  pages: CountRow[];
  "entry-pages": EntryRow[];
  referrers: CountRow[];
  campaigns: CountRow[];
  devices: CountRow[];
  "conversions-by-referrer": ConversionRow[];
  "conversions-by-campaign": ConversionRow[];
  "conversions-by-landing-page": ConversionRow[];
  funnel: FunnelRow[];
};

export type RangeReport = {
  summary: { visitors: number; pageViews: number; visits: number; meanVisitSeconds: number };
  days: { day: string; views: number }[];
  tables: ReportRows;
};

/** Rows shown per table. */
const tableLength = 50;

const daysOf = (range: DayRange) => {
  const days: string[] = [];
  for (
    let at = Date.parse(dayStart(range.from));
    at <= Date.parse(dayStart(range.to));
    at += 86_400_000
  )
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
};

const percent = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 10;

/** Sums rows by key. */
class Sums<Row extends object> {
  readonly rows = new Map<string, Row>();
  constructor(private readonly empty: () => Row) {}
  add(key: string, values: Partial<Record<keyof Row, number>>) {
    let row = this.rows.get(key);
    if (!row) this.rows.set(key, (row = this.empty()));
    const sums = row as Record<string, number>;
    for (const [name, value] of Object.entries(values) as [string, number][])
      sums[name] = (sums[name] ?? 0) + value;
  }
}

/**
 * The range's days as what the console reads for them: whole months summed in the monthly
 * rollups, and the other days (the range's edges, the current month) one by one.
 */
async function rangeParts(db: Db, range: DayRange) {
  const whole = wholeMonthsWithin(range.from, range.to);
  const rolled =
    whole.length === 0
      ? []
      : await db
          .selectFrom("analytics_rolled_months")
          .select("month")
          .where("month", "in", whole)
          .execute();
  const months = new Set(rolled.map((row) => row.month));
  const days = daysOf(range).filter((day) => !months.has(monthOf(day)));
  // Runs of consecutive days, each read with one BETWEEN.
  const runs: DayRange[] = [];
  for (const day of days) {
    const last = runs.at(-1);
    if (last && addDays(last.to, 1) === day) last.to = day;
    else runs.push({ from: day, to: day });
  }
  return { months: [...months], days, runs };
}

/** The summed counts and conversions of the range's whole months and other days. */
async function storedSums(db: Db, { months, runs }: { months: string[]; runs: DayRange[] }) {
  // A month table is read by its months, a day table by the runs of days outside them.
  const inMonths = months.length === 0 ? null : sql<boolean>`month IN (${sql.join(months)})`;
  const inRuns =
    runs.length === 0
      ? null
      : sql<boolean>`(${sql.join(
          runs.map((run) => sql`day BETWEEN ${run.from} AND ${run.to}`),
          sql` OR `,
        )})`;
  const counts = (
    table: "analytics_monthly_counts" | "analytics_daily_counts",
    where: RawBuilder<boolean> | null,
  ) =>
    where === null
      ? Promise.resolve([])
      : db
          .selectFrom(table)
          .select([
            "dimension",
            "key",
            (eb) => eb.fn.sum<number>("views").as("views"),
            (eb) => eb.fn.sum<number>("visitors").as("visitors"),
          ])
          .where(where)
          .groupBy(["dimension", "key"])
          .execute();
  const conversions = (
    table: "analytics_monthly_conversions" | "analytics_daily_conversions",
    where: RawBuilder<boolean> | null,
  ) =>
    where === null
      ? Promise.resolve([])
      : db
          .selectFrom(table)
          .select([
            "dimension",
            "key",
            (eb) => eb.fn.sum<number>("conversions").as("conversions"),
            (eb) => eb.fn.sum<number>("revenue_cents").as("revenue"),
          ])
          .where(where)
          .groupBy(["dimension", "key"])
          .execute();
  const [monthCounts, dayCounts, monthConversions, dayConversions] = await Promise.all([
    counts("analytics_monthly_counts", inMonths),
    counts("analytics_daily_counts", inRuns),
    conversions("analytics_monthly_conversions", inMonths),
    conversions("analytics_daily_conversions", inRuns),
  ]);
  return {
    counts: [...monthCounts, ...dayCounts],
    conversions: [...monthConversions, ...dayConversions],
  };
}

/**
 * The figures of the console's analytics page for a range: whole past months from their monthly
 * rollups, other days from their daily rollups (today's refreshed every minute), and days not
 * rolled up at all from the raw events. Visitors are counted per day (each day's salt makes a new
 * hash) and summed, the same whichever way a day is read.
 */
export async function rangeReport(db: Db, range: DayRange): Promise<RangeReport> {
  const [rolled, parts] = await Promise.all([
    db
      .selectFrom("analytics_daily_totals")
      .selectAll()
      .where("day", ">=", range.from)
      .where("day", "<=", range.to)
      .execute(),
    rangeParts(db, range),
  ]);
  const rolledDays = new Set(rolled.map((row) => row.day));
  const [computed, stored] = await Promise.all([
    figuresOfDays(
      db,
      parts.days.filter((day) => !rolledDays.has(day)),
    ),
    storedSums(db, parts),
  ]);
  const storedCounts = stored.counts;
  const storedConversions = stored.conversions;

  const perDay = new Map<string, DayTotals>();
  for (const row of rolled) perDay.set(row.day, row);
  for (const figures of computed) perDay.set(figures.day, figures.totals);
  const total = (name: keyof DayTotals) =>
    [...perDay.values()].reduce((sum, totals) => sum + Number(totals[name]), 0);

  const counts = new Map<CountDimension, Sums<{ views: number; visitors: number }>>();
  const countsOf = (dimension: CountDimension) => {
    let sums = counts.get(dimension);
    if (!sums) counts.set(dimension, (sums = new Sums(() => ({ views: 0, visitors: 0 }))));
    return sums;
  };
  const conversions = new Map<
    ConversionDimension,
    Sums<{ conversions: number; revenue: number }>
  >();
  const conversionsOf = (dimension: ConversionDimension) => {
    let sums = conversions.get(dimension);
    if (!sums)
      conversions.set(dimension, (sums = new Sums(() => ({ conversions: 0, revenue: 0 }))));
    return sums;
  };
  for (const row of storedCounts)
    countsOf(row.dimension as CountDimension).add(row.key, {
      views: Number(row.views),
      visitors: Number(row.visitors),
    });
  for (const row of storedConversions)
    conversionsOf(row.dimension as ConversionDimension).add(row.key, {
      conversions: Number(row.conversions),
      revenue: Number(row.revenue),
    });
  for (const figures of computed) {
    for (const row of figures.counts)
      countsOf(row.dimension).add(row.key, { views: row.views, visitors: row.visitors });
    for (const row of figures.conversions)
      conversionsOf(row.dimension).add(row.key, {
        conversions: row.conversions,
        revenue: row.revenue_cents,
      });
  }

  const countRows = (dimension: CountDimension): CountRow[] =>
    [...countsOf(dimension).rows]
      .map(([key, sums]) => ({ key, ...sums }))
      .sort((a, b) => b.views - a.views || (a.key < b.key ? -1 : 1))
      .slice(0, tableLength);
  const conversionRows = (
    dimension: ConversionDimension,
    visitsFrom: CountDimension,
  ): ConversionRow[] => {
    const visits = countsOf(visitsFrom).rows;
    return [...conversionsOf(dimension).rows]
      .map(([key, sums]) => {
        const from = visits.get(key)?.views ?? 0;
        return {
          key,
          visits: from,
          conversions: sums.conversions,
          conversionRatePercent: percent(sums.conversions, from),
          revenueCents: sums.revenue,
        };
      })
      .sort((a, b) => b.conversions - a.conversions || (a.key < b.key ? -1 : 1))
      .slice(0, tableLength);
  };

  const visits = total("visits");
  const steps = [
    { step: "Visits (landing page)", count: visits },
    { step: "Viewed /buy-now", count: total("buy_now_visits") },
    { step: "Checkout started", count: total("checkout_starts") },
    { step: "Paid", count: total("purchases") },
  ];
  return {
    summary: {
      visitors: total("visitors"),
      pageViews: total("page_views"),
      visits,
      meanVisitSeconds: visits === 0 ? 0 : Math.round(total("visit_seconds") / visits),
    },
    days: daysOf(range).map((day) => ({ day, views: Number(perDay.get(day)?.page_views ?? 0) })),
    tables: {
      pages: countRows("page"),
      "entry-pages": countRows("entry").map(({ key, views, visitors }) => ({
        key,
        visits: views,
        visitors,
      })),
      referrers: countRows("referrer"),
      campaigns: countRows("campaign"),
      devices: countRows("device"),
      "conversions-by-referrer": conversionRows("referrer", "visit-referrer"),
      "conversions-by-campaign": conversionRows("campaign", "visit-campaign"),
      "conversions-by-landing-page": conversionRows("landing", "entry"),
      funnel: steps.map((step, index) => ({
        ...step,
        dropOffPercent:
          index === 0
            ? null
            : percent(steps[index - 1]!.count - step.count, steps[index - 1]!.count),
      })),
    },
  };
}

/** Visitors, page views, visits and their mean length over the range. */
export async function rangeSummary(db: Db, range: DayRange) {
  return (await rangeReport(db, range)).summary;
}

/** Page views per day of the range (days without any are zero), for the chart. */
export async function dailyPageViews(db: Db, range: DayRange) {
  return (await rangeReport(db, range)).days;
}

/** One report table's rows, for its CSV download. */
export async function reportTable<Table extends ReportTable>(
  db: Db,
  range: DayRange,
  table: Table,
): Promise<ReportRows[Table]> {
  return (await rangeReport(db, range)).tables[table];
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
