import type { Db } from "../../core/db/database";
import { addDays, localDateOf, wallClockToInstant } from "../../core/zoned-time";
import { sessionQuietMs } from "../ingestion/sessions";
import { noSource, sourceOf } from "../ingestion/visit-source";

/** The keys page views and visits are counted by, per day. */
export const countDimensions = [
  "page",
  "entry",
  "referrer",
  "campaign",
  // A visit's screen class (its first page view's); `views` counts visits.
  "device",
  // The visit's source (its first page view's referrer or campaign): what conversion rates divide by.
  "visit-referrer",
  "visit-campaign",
  // The visit's source as marketers name it: its utm_source, else its referrer's domain.
  "visit-source",
] as const;
export type CountDimension = (typeof countDimensions)[number];

export const conversionDimensions = ["referrer", "campaign", "landing"] as const;
export type ConversionDimension = (typeof conversionDimensions)[number];

export { noSource, sourceOf } from "../ingestion/visit-source";

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
  /** For `entry`, `device` and `visit-*`, `views` counts visits. */
  counts: { dimension: CountDimension; key: string; views: number; visitors: number }[];
  conversions: {
    dimension: ConversionDimension;
    key: string;
    conversions: number;
    revenue_cents: number;
  }[];
};

/**
 * Days are the owner's (`OWNER_TIME_ZONE`): a day runs from one local midnight to the next, so a
 * DST day has 23 or 25 hours. Times are stored as UTC ISO strings, compared as text.
 */
export const dayStart = (day: string, zone: string) =>
  new Date(wallClockToInstant(day, 0, zone)).toISOString();
/** The day's last millisecond. */
export const dayEnd = (day: string, zone: string) =>
  new Date(wallClockToInstant(day, 24 * 60, zone) - 1).toISOString();
export const dayOf = (iso: string, zone: string) => localDateOf(Date.parse(iso), zone);
export { addDays };

/** The page the funnel's second step is. */
const buyNowPath = "/buy-now";

type RawEvent = {
  occurred_at: string;
  name: string;
  visitor: string | null;
  path: string;
  referrer_domain: string | null;
  utm_source: string | null;
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

const byTime = (a: { occurred_at: string }, b: { occurred_at: string }) =>
  a.occurred_at < b.occurred_at ? -1 : a.occurred_at > b.occurred_at ? 1 : 0;

/**
 * One day's figures worked out from its raw events and conversions: what a rollup stores, and
 * what the console computes for a day not rolled up yet (today). A visit is a visitor's run of
 * events without 30 minutes of quiet (the visitor's hash is carried across midnight while a visit
 * goes on). A visit counts once, on the day it began, with its source, entry page and length;
 * `around` holds the events just outside the day that tell whether a visit began the day before
 * or goes on into the next. Page views count on the day they happen; the day's visitors are
 * those who began a visit on it.
 */
export function figuresOfDay(
  day: string,
  zone: string,
  events: RawEvent[],
  conversions: RawConversion[],
  around: RawEvent[] = [],
): DayFigures {
  const [dayBegins, dayEnds] = [dayStart(day, zone), dayEnd(day, zone)];
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
  const keep = (event: RawEvent) => {
    if (event.visitor === null) return;
    const own = byVisitor.get(event.visitor);
    if (own) own.push(event);
    else byVisitor.set(event.visitor, [event]);
  };
  for (const event of events) {
    if (event.name === "pageview") {
      totals.page_views += 1;
      tally("page").add(event.path, event.visitor);
      tally("referrer").add(event.referrer_domain, event.visitor);
      tally("campaign").add(event.utm_campaign, event.visitor);
    } else if (event.name === "checkout_start") {
      totals.checkout_starts += 1;
    } else if (event.name === "purchase") {
      totals.purchases += 1;
      totals.revenue_cents += event.amount_cents ?? 0;
    }
    keep(event);
  }
  // Only a visitor seen today can have a visit that began today.
  for (const event of around)
    if (event.visitor !== null && byVisitor.has(event.visitor)) keep(event);
  const visitors = new Set<string>();
  for (const [visitor, own] of byVisitor) {
    own.sort(byTime);
    let start = 0;
    for (let index = 1; index <= own.length; index += 1) {
      const ends =
        index === own.length ||
        Date.parse(own[index]!.occurred_at) - Date.parse(own[index - 1]!.occurred_at) >
          sessionQuietMs;
      if (!ends) continue;
      const visit = own.slice(start, index);
      start = index;
      // A visit that began the day before (or begins tomorrow) is that day's.
      const began = visit[0]!.occurred_at;
      if (began < dayBegins || began > dayEnds) continue;
      visitors.add(visitor);
      totals.visits += 1;
      totals.visit_seconds += Math.round(
        (Date.parse(visit.at(-1)!.occurred_at) - Date.parse(visit[0]!.occurred_at)) / 1000,
      );
      const landing = visit.find((event) => event.name === "pageview");
      if (!landing) continue;
      tally("entry").add(landing.path, visitor);
      // A visit's screen is its first page view's: a visitor is counted on the day's visits only,
      // as in the headline, never again for a visit going on from the day before.
      tally("device").add(landing.screen, visitor);
      tally("visit-referrer").add(landing.referrer_domain ?? noSource, visitor);
      tally("visit-campaign").add(landing.utm_campaign ?? noSource, visitor);
      tally("visit-source").add(sourceOf(landing.utm_source, landing.referrer_domain), visitor);
      if (visit.some((event) => event.name === "pageview" && event.path === buyNowPath))
        totals.buy_now_visits += 1;
    }
  }
  totals.visitors = visitors.size;
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

const eventColumns = [
  "occurred_at",
  "name",
  "visitor",
  "path",
  "referrer_domain",
  "utm_source",
  "utm_campaign",
  "screen",
  "amount_cents",
] as const;

const shifted = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/**
 * Which of `days` (sorted) an ISO time falls in, found among their bounds: no time-zone look-up
 * per row, which would cost more than the rollup itself.
 */
function dayFinder(days: string[], zone: string) {
  const bounds = days.map((day) => ({ day, start: dayStart(day, zone), end: dayEnd(day, zone) }));
  return (iso: string) => {
    let low = 0;
    let high = bounds.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const { day, start, end } = bounds[middle]!;
      if (iso < start) high = middle - 1;
      else if (iso > end) low = middle + 1;
      else return day;
    }
    return undefined;
  };
}

/**
 * The figures of each of `days` (the owner's, YYYY-MM-DD), from the raw events and conversions. Besides
 * the days' events it reads the half hour before them (a visit going on at midnight began the day
 * before) and, for the visitors active in the last half hour of the last day, the next day's
 * events (the rest of a visit that goes on past midnight).
 */
export async function figuresOfDays(db: Db, days: string[], zone: string): Promise<DayFigures[]> {
  if (days.length === 0) return [];
  const sorted = [...days].sort();
  const from = dayStart(sorted[0]!, zone);
  const to = dayEnd(sorted.at(-1)!, zone);
  const wanted = new Set(sorted);
  const [events, following, conversions] = await Promise.all([
    db
      .selectFrom("analytics_events")
      .select(eventColumns)
      .where("occurred_at", ">=", shifted(from, -sessionQuietMs))
      .where("occurred_at", "<=", to)
      .execute(),
    db
      .selectFrom("analytics_events")
      .select(eventColumns)
      .where("occurred_at", ">", to)
      .where("occurred_at", "<=", dayEnd(addDays(sorted.at(-1)!, 1), zone))
      .where("visitor", "in", (eb) =>
        eb
          .selectFrom("analytics_events")
          .select("visitor")
          .where("occurred_at", ">=", shifted(to, -sessionQuietMs))
          .where("occurred_at", "<=", to)
          .where("visitor", "is not", null),
      )
      .execute(),
    db
      .selectFrom("analytics_attributions")
      .select(["converted_at", "landing_path", "referrer_domain", "utm_campaign", "amount_cents"])
      .where("converted_at", ">=", from)
      .where("converted_at", "<=", to)
      .where("conversion", "!=", "checkout_start")
      .execute(),
  ]);
  const dayOfTime = dayFinder(sorted, zone);
  const eventsByDay = new Map<string, RawEvent[]>(sorted.map((day) => [day, []]));
  for (const event of events) eventsByDay.get(dayOfTime(event.occurred_at) ?? "")?.push(event);
  const conversionsByDay = new Map<string, RawConversion[]>(sorted.map((day) => [day, []]));
  for (const conversion of conversions)
    conversionsByDay.get(dayOfTime(conversion.converted_at) ?? "")?.push(conversion);
  // The events just outside each day: its eve's last half hour (or the whole eve, when read) and
  // the next day's.
  const outside = (day: string) => [
    ...(eventsByDay.get(addDays(day, -1)) ??
      events.filter((event) => event.occurred_at < dayStart(day, zone))),
    ...(eventsByDay.get(addDays(day, 1)) ?? following),
  ];
  return sorted
    .filter((day) => wanted.has(day))
    .map((day) =>
      figuresOfDay(day, zone, eventsByDay.get(day)!, conversionsByDay.get(day)!, outside(day)),
    );
}
