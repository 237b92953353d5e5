import type { Db } from "../../core/db/database";
import { sessionQuietMs } from "../ingestion/sessions";

/** The keys page views and visits are counted by, per day. */
export const countDimensions = [
  "page",
  "entry",
  "referrer",
  "campaign",
  "device",
  // The visit's source (its first page view's referrer or campaign): what conversion rates divide by.
  "visit-referrer",
  "visit-campaign",
] as const;
export type CountDimension = (typeof countDimensions)[number];

export const conversionDimensions = ["referrer", "campaign", "landing"] as const;
export type ConversionDimension = (typeof conversionDimensions)[number];

/** The key of a visit or conversion without a referrer, campaign or landing page. */
export const noSource = "(direct)";

export type DayTotals = {
  visitors: number;
  page_views: number;
  visits: number;
  visit_seconds: number;
  buy_now_visits: number;
  checkout_starts: number;
  purchases: number;
  revenue_cents: number;
};

export type DayFigures = {
  day: string;
  totals: DayTotals;
  /** For `entry` and `visit-*`, `views` counts visits. */
  counts: { dimension: CountDimension; key: string; views: number; visitors: number }[];
  conversions: {
    dimension: ConversionDimension;
    key: string;
    conversions: number;
    revenue_cents: number;
  }[];
};

export const dayStart = (day: string) => `${day}T00:00:00.000Z`;
export const dayEnd = (day: string) => `${day}T23:59:59.999Z`;
export const dayOf = (iso: string) => iso.slice(0, 10);
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(dayStart(day)) + days * 86_400_000).toISOString().slice(0, 10);

/** The page the funnel's second step is. */
const buyNowPath = "/buy-now";

type RawEvent = {
  occurred_at: string;
  name: string;
  visitor: string | null;
  path: string;
  referrer_domain: string | null;
  utm_campaign: string | null;
  screen: string | null;
  amount_cents: number | null;
};

type RawConversion = {
  converted_at: string;
  landing_path: string | null;
  referrer_domain: string | null;
  utm_campaign: string | null;
  amount_cents: number | null;
};

/** Counts views and distinct visitors per key. */
class Tally {
  private readonly keys = new Map<string, { views: number; visitors: Set<string> }>();
  add(key: string | null, visitor: string | null) {
    if (key === null) return;
    let entry = this.keys.get(key);
    if (!entry) this.keys.set(key, (entry = { views: 0, visitors: new Set() }));
    entry.views += 1;
    if (visitor !== null) entry.visitors.add(visitor);
  }
  rows(dimension: CountDimension) {
    return [...this.keys].map(([key, { views, visitors }]) => ({
      dimension,
      key,
      views,
      visitors: visitors.size,
    }));
  }
}

/**
 * One day's figures worked out from its raw events and conversions: what a rollup stores, and
 * what the console computes for a day not rolled up yet (today). A visit is a visitor's run of
 * events without 30 minutes of quiet; a visit going on across midnight counts on both days.
 */
export function figuresOfDay(
  day: string,
  events: RawEvent[],
  conversions: RawConversion[],
): DayFigures {
  const tallies = new Map<CountDimension, Tally>(countDimensions.map((d) => [d, new Tally()]));
  const tally = (dimension: CountDimension) => tallies.get(dimension)!;
  const totals: DayTotals = {
    visitors: 0,
    page_views: 0,
    visits: 0,
    visit_seconds: 0,
    buy_now_visits: 0,
    checkout_starts: 0,
    purchases: 0,
    revenue_cents: 0,
  };
  const byVisitor = new Map<string, RawEvent[]>();
  for (const event of events) {
    if (event.name === "pageview") {
      totals.page_views += 1;
      tally("page").add(event.path, event.visitor);
      tally("referrer").add(event.referrer_domain, event.visitor);
      tally("campaign").add(event.utm_campaign, event.visitor);
      tally("device").add(event.screen, event.visitor);
    } else if (event.name === "checkout_start") {
      totals.checkout_starts += 1;
    } else if (event.name === "purchase") {
      totals.purchases += 1;
      totals.revenue_cents += event.amount_cents ?? 0;
    }
    if (event.visitor === null) continue;
    const own = byVisitor.get(event.visitor);
    if (own) own.push(event);
    else byVisitor.set(event.visitor, [event]);
  }
  totals.visitors = byVisitor.size;
  for (const [visitor, own] of byVisitor) {
    own.sort((a, b) =>
      a.occurred_at < b.occurred_at ? -1 : a.occurred_at > b.occurred_at ? 1 : 0,
    );
    let start = 0;
    for (let index = 1; index <= own.length; index += 1) {
      const ends =
        index === own.length ||
        Date.parse(own[index]!.occurred_at) - Date.parse(own[index - 1]!.occurred_at) >
          sessionQuietMs;
      if (!ends) continue;
      const visit = own.slice(start, index);
      start = index;
      totals.visits += 1;
      totals.visit_seconds += Math.round(
        (Date.parse(visit.at(-1)!.occurred_at) - Date.parse(visit[0]!.occurred_at)) / 1000,
      );
      const landing = visit.find((event) => event.name === "pageview");
      if (!landing) continue;
      tally("entry").add(landing.path, visitor);
      tally("visit-referrer").add(landing.referrer_domain ?? noSource, visitor);
      tally("visit-campaign").add(landing.utm_campaign ?? noSource, visitor);
      if (visit.some((event) => event.name === "pageview" && event.path === buyNowPath))
        totals.buy_now_visits += 1;
    }
  }
  const sums = new Map<string, DayFigures["conversions"][number]>();
  for (const conversion of conversions) {
    const keys: [ConversionDimension, string | null][] = [
      ["referrer", conversion.referrer_domain],
      ["campaign", conversion.utm_campaign],
      ["landing", conversion.landing_path],
    ];
    for (const [dimension, value] of keys) {
      const key = value ?? noSource;
      const id = `${dimension}\n${key}`;
      let sum = sums.get(id);
      if (!sum) sums.set(id, (sum = { dimension, key, conversions: 0, revenue_cents: 0 }));
      sum.conversions += 1;
      sum.revenue_cents += conversion.amount_cents ?? 0;
    }
  }
  return {
    day,
    totals,
    counts: countDimensions.flatMap((dimension) => tally(dimension).rows(dimension)),
    conversions: [...sums.values()],
  };
}

/** The figures of each of `days` (UTC, YYYY-MM-DD), from the raw events and conversions. */
export async function figuresOfDays(db: Db, days: string[]): Promise<DayFigures[]> {
  if (days.length === 0) return [];
  const sorted = [...days].sort();
  const from = dayStart(sorted[0]!);
  const to = dayEnd(sorted.at(-1)!);
  const wanted = new Set(sorted);
  const [events, conversions] = await Promise.all([
    db
      .selectFrom("analytics_events")
      .select([
        "occurred_at",
        "name",
        "visitor",
        "path",
        "referrer_domain",
        "utm_campaign",
        "screen",
        "amount_cents",
      ])
      .where("occurred_at", ">=", from)
      .where("occurred_at", "<=", to)
      .execute(),
    db
      .selectFrom("analytics_attributions")
      .select(["converted_at", "landing_path", "referrer_domain", "utm_campaign", "amount_cents"])
      .where("converted_at", ">=", from)
      .where("converted_at", "<=", to)
      .execute(),
  ]);
  const eventsByDay = new Map<string, RawEvent[]>(sorted.map((day) => [day, []]));
  for (const event of events) eventsByDay.get(dayOf(event.occurred_at))?.push(event);
  const conversionsByDay = new Map<string, RawConversion[]>(sorted.map((day) => [day, []]));
  for (const conversion of conversions)
    conversionsByDay.get(dayOf(conversion.converted_at))?.push(conversion);
  return sorted
    .filter((day) => wanted.has(day))
    .map((day) => figuresOfDay(day, eventsByDay.get(day)!, conversionsByDay.get(day)!));
}
