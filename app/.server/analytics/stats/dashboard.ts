import { sql, type RawBuilder } from "kysely";
import type { Db } from "../../core/db/database";
import { monthOf, wholeMonthsWithin } from "./monthly-rollups";
import {
  addDays,
  dayEnd,
  dayStart,
  figuresOfDays,
  noSource,
  sourceOf,
  type CountDimension,
  type DayTotals,
} from "./day-figures";

/** A range of the owner's whole days (`OWNER_TIME_ZONE`), both ends included. */
export type DayRange = { from: string; to: string };

export type CountRow = { key: string; views: number; visitors: number };
export type EntryRow = { key: string; visits: number; visitors: number };
export type ConversionRow = {
  key: string;
  visits: number;
  /** People who converted (a lead, a subscriber, a buyer, a booking), each counted once. */
  conversions: number;
  /** Those people per 100 visits from this source, at most 100; null when no visit came from it. */
  conversionRatePercent: number | null;
  revenueCents: number;
};
export type SourceRow = {
  key: string;
  visits: number;
  /** People per kind of conversion: a signup and its confirmation are one subscriber. */
  leads: number;
  subscribers: number;
  buyers: number;
  bookings: number;
  /** Won deals (their people), whose value counts as revenue like an order's. */
  wonDeals: number;
  conversionRatePercent: number | null;
  /** Orders' and won deals' revenue together; `dealRevenueCents` is the deals' part. */
  revenueCents: number;
  dealRevenueCents: number;
};
/** A funnel step's people, and what share they are of the step before's (above 100 when more). */
export type FunnelRow = { step: string; count: number; percentOfStepBefore: number | null };

/** The tables of the console's analytics page, each also a CSV download, with their columns. */
export const reportColumns = {
  pages: ["key", "views", "visitors"],
  "entry-pages": ["key", "visits", "visitors"],
  referrers: ["key", "views", "visitors"],
  campaigns: ["key", "views", "visitors"],
  devices: ["key", "visits", "visitors"],
  sources: [
    "key",
    "visits",
    "leads",
    "subscribers",
    "buyers",
    "bookings",
    "wonDeals",
    "conversionRatePercent",
    "revenueCents",
    "dealRevenueCents",
  ],
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
  funnel: ["step", "count", "percentOfStepBefore"],
} as const;
export type ReportTable = keyof typeof reportColumns;
export const reportTables = Object.keys(reportColumns) as ReportTable[];

export type ReportRows = {
  pages: CountRow[];
  "entry-pages": EntryRow[];
  referrers: CountRow[];
  campaigns: CountRow[];
  devices: EntryRow[];
  sources: SourceRow[];
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

/** The page the funnel's second step is. */
const buyNowPath = "/buy-now";

/** Rows shown per table. */
const tableLength = 50;

const daysOf = (range: DayRange) => {
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);
  return days;
};

const percent = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 10;

/**
 * People per 100 visits of the same source in the range, as counted: above 100 when people came on
 * visits before the range or not counted (without JavaScript, under Global Privacy Control).
 */
const rate = (people: number, visits: number) => percent(people, visits);

/** The kinds of conversion the console counts people by, and what each stored conversion is. */
type Kind = "leads" | "subscribers" | "buyers" | "bookings" | "deals";
const kindOf: Record<string, Kind | undefined> = {
  contact_message: "leads",
  newsletter_signup: "subscribers",
  newsletter_confirmation: "subscribers",
  waitlist_signup: "subscribers",
  order: "buyers",
  booking: "bookings",
  deal_won: "deals",
};

/** Distinct people per key and kind, and the revenue per key (and of it, the won deals'). */
class People {
  readonly rows = new Map<
    string,
    { any: Set<string>; kinds: Map<Kind, Set<string>>; revenue: number; dealRevenue: number }
  >();
  add(key: string, kind: Kind, person: string, revenue: number) {
    let row = this.rows.get(key);
    if (!row)
      this.rows.set(key, (row = { any: new Set(), kinds: new Map(), revenue: 0, dealRevenue: 0 }));
    if (kind === "deals") row.dealRevenue += revenue;
    row.any.add(person);
    let own = row.kinds.get(kind);
    if (!own) row.kinds.set(kind, (own = new Set()));
    own.add(person);
    row.revenue += revenue;
  }
}

/**
 * The range's conversions, read from the stored conversions (one row per lead, signup,
 * confirmation, order, booking: few next to the page views) so each person counts once over the
 * whole range: by source, referrer, campaign and landing page, and the people who started a
 * checkout and who paid, for the funnel.
 */
async function conversionsOf(db: Db, range: DayRange, zone: string) {
  const rows = await db
    .selectFrom("analytics_attributions")
    .select([
      "conversion",
      "subject_id",
      "person_id",
      "landing_path",
      "referrer_domain",
      "utm_source",
      "utm_campaign",
      "amount_cents",
    ])
    .where("converted_at", ">=", dayStart(range.from, zone))
    .where("converted_at", "<=", dayEnd(range.to, zone))
    .execute();
  const by = {
    source: new People(),
    referrer: new People(),
    campaign: new People(),
    landing: new People(),
  };
  const checkoutPeople = new Set<string>();
  const paidPeople = new Set<string>();
  for (const row of rows) {
    // Without a person (a conversion kept before people were), the converted thing is the person.
    const person = row.person_id ?? `${row.conversion}:${row.subject_id}`;
    if (row.conversion === "checkout_start") {
      checkoutPeople.add(person);
      continue;
    }
    const kind = kindOf[row.conversion];
    if (!kind) continue;
    if (kind === "buyers") paidPeople.add(person);
    const revenue = Number(row.amount_cents ?? 0);
    by.source.add(sourceOf(row.utm_source, row.referrer_domain), kind, person, revenue);
    by.referrer.add(row.referrer_domain ?? noSource, kind, person, revenue);
    by.campaign.add(row.utm_campaign ?? noSource, kind, person, revenue);
    by.landing.add(row.landing_path ?? noSource, kind, person, revenue);
  }
  return { by, checkoutPeople: checkoutPeople.size, paidPeople: paidPeople.size };
}

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

/** The summed counts of the range's whole months and other days. */
async function storedCounts(db: Db, { months, runs }: { months: string[]; runs: DayRange[] }) {
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
  const [monthCounts, dayCounts] = await Promise.all([
    counts("analytics_monthly_counts", inMonths),
    counts("analytics_daily_counts", inRuns),
  ]);
  return [...monthCounts, ...dayCounts];
}

/**
 * The figures of the console's analytics page for a range: whole past months from their monthly
 * rollups, other days from their daily rollups (today's refreshed every minute), and days not
 * rolled up at all from the raw events. Visitors are counted per day (each day's salt makes a new
 * hash) and summed, the same whichever way a day is read.
 */
export async function rangeReport(db: Db, range: DayRange, zone: string): Promise<RangeReport> {
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
  const [computed, stored, converted] = await Promise.all([
    figuresOfDays(
      db,
      parts.days.filter((day) => !rolledDays.has(day)),
      zone,
    ),
    storedCounts(db, parts),
    conversionsOf(db, range, zone),
  ]);

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
  for (const row of stored)
    countsOf(row.dimension as CountDimension).add(row.key, {
      views: Number(row.views),
      visitors: Number(row.visitors),
    });
  for (const figures of computed) {
    for (const row of figures.counts)
      countsOf(row.dimension).add(row.key, { views: row.views, visitors: row.visitors });
  }

  const countRows = (dimension: CountDimension): CountRow[] =>
    [...countsOf(dimension).rows]
      .map(([key, sums]) => ({ key, ...sums }))
      .sort((a, b) => b.views - a.views || (a.key < b.key ? -1 : 1))
      .slice(0, tableLength);
  const conversionRows = (people: People, visitsFrom: CountDimension): ConversionRow[] => {
    const visits = countsOf(visitsFrom).rows;
    return [...people.rows]
      .map(([key, row]) => {
        const from = visits.get(key)?.views ?? 0;
        return {
          key,
          visits: from,
          conversions: row.any.size,
          conversionRatePercent: rate(row.any.size, from),
          revenueCents: row.revenue,
        };
      })
      .sort((a, b) => b.conversions - a.conversions || (a.key < b.key ? -1 : 1))
      .slice(0, tableLength);
  };
  // Every source a visit or a conversion came from, with its people per kind.
  const sourceRows = (): SourceRow[] => {
    const visits = countsOf("visit-source").rows;
    const people = converted.by.source.rows;
    return [...new Set([...visits.keys(), ...people.keys()])]
      .map((key) => {
        const from = visits.get(key)?.views ?? 0;
        const row = people.get(key);
        const of = (kind: Kind) => row?.kinds.get(kind)?.size ?? 0;
        return {
          key,
          visits: from,
          leads: of("leads"),
          subscribers: of("subscribers"),
          buyers: of("buyers"),
          bookings: of("bookings"),
          wonDeals: of("deals"),
          conversionRatePercent: rate(row?.any.size ?? 0, from),
          revenueCents: row?.revenue ?? 0,
          dealRevenueCents: row?.dealRevenue ?? 0,
        };
      })
      .sort(
        (a, b) =>
          b.revenueCents - a.revenueCents || b.visits - a.visits || (a.key < b.key ? -1 : 1),
      )
      .slice(0, tableLength);
  };

  // People at each step, as counted: the visitors (per day), those of them who viewed /buy-now
  // (per day), the people who started a checkout and who paid in the range. A step may hold more
  // than the one before (a checkout started before the range, paid in it).
  const visits = total("visits");
  const visitors = total("visitors");
  const steps: { step: string; count: number }[] = [
    { step: "Visitors", count: visitors },
    { step: "Viewed /buy-now", count: countsOf("page").rows.get(buyNowPath)?.visitors ?? 0 },
    { step: "Checkout started", count: converted.checkoutPeople },
    { step: "Paid", count: converted.paidPeople },
  ];
  return {
    summary: {
      visitors,
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
      devices: countRows("device").map(({ key, views, visitors }) => ({
        key,
        visits: views,
        visitors,
      })),
      sources: sourceRows(),
      "conversions-by-referrer": conversionRows(converted.by.referrer, "visit-referrer"),
      "conversions-by-campaign": conversionRows(converted.by.campaign, "visit-campaign"),
      "conversions-by-landing-page": conversionRows(converted.by.landing, "entry"),
      funnel: steps.map((step, index) => ({
        ...step,
        percentOfStepBefore: index === 0 ? null : percent(step.count, steps[index - 1]!.count),
      })),
    },
  };
}

/** Visitors, page views, visits and their mean length over the range. */
export async function rangeSummary(db: Db, range: DayRange, zone: string) {
  return (await rangeReport(db, range, zone)).summary;
}

/** Page views per day of the range (days without any are zero), for the chart. */
export async function dailyPageViews(db: Db, range: DayRange, zone: string) {
  return (await rangeReport(db, range, zone)).days;
}

/** One report table's rows, for its CSV download. */
export async function reportTable<Table extends ReportTable>(
  db: Db,
  range: DayRange,
  table: Table,
  zone: string,
): Promise<ReportRows[Table]> {
  return (await rangeReport(db, range, zone)).tables[table];
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
