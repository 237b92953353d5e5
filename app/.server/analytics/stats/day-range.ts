import { addDays, localDateOf } from "../../core/zoned-time";
import type { DayRange } from "./dashboard";

const isDay = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && addDays(value, 0) === value;
/** The longest range the console reads in one go. */
const maxDays = 400;
const dayMs = 86_400_000;

/**
 * The range the console's query asks for (`from`, `to`: YYYY-MM-DD, the owner's days in `zone`);
 * the last 30 days to today when it asks for none, or for one that is not a range (reversed,
 * malformed, longer than 400 days).
 */
export function dayRangeFromQuery(query: URLSearchParams, now: Date, zone: string): DayRange {
  const today = localDateOf(now.getTime(), zone);
  const from = query.get("from");
  const to = query.get("to");
  if (isDay(from) && isDay(to) && from <= to) {
    if ((Date.parse(to) - Date.parse(from)) / dayMs < maxDays) return { from, to };
  }
  return { from: addDays(today, -29), to: today };
}

/** The range of the same length just before `range`: what the page compares with. */
export function previousRange(range: DayRange): DayRange {
  const length = Math.round((Date.parse(range.to) - Date.parse(range.from)) / dayMs) + 1;
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}
