import type { DayRange } from "./dashboard";

const dayMs = 86_400_000;
const isDay = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
/** The longest range the console reads in one go. */
const maxDays = 400;

/**
 * The range the console's query asks for (`from`, `to`: YYYY-MM-DD); the last 30 days when it asks
 * for none, or for one that is not a range (reversed, malformed, longer than 400 days).
 */
export function dayRangeFromQuery(query: URLSearchParams, now: Date): DayRange {
  const today = now.toISOString().slice(0, 10);
  const from = query.get("from");
  const to = query.get("to");
  if (isDay(from) && isDay(to) && from <= to) {
    if ((Date.parse(to) - Date.parse(from)) / dayMs < maxDays) return { from, to };
  }
  return { from: new Date(now.getTime() - 29 * dayMs).toISOString().slice(0, 10), to: today };
}

/** The range of the same length just before `range`: what the page compares with. */
export function previousRange(range: DayRange): DayRange {
  const length = Date.parse(range.to) - Date.parse(range.from) + dayMs;
  const day = (at: number) => new Date(at).toISOString().slice(0, 10);
  return { from: day(Date.parse(range.from) - length), to: day(Date.parse(range.from) - dayMs) };
}
