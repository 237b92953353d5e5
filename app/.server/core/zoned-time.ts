/**
 * Wall-clock dates and times in an IANA zone, converted to and from UTC instants with `Intl`
 * alone (the runtime's time-zone database). Availability rules are wall-clock times plus a zone;
 * each date is converted on its own, so a rule keeps its local hour on both sides of a DST change.
 */

/** A calendar date as `YYYY-MM-DD`. */
export type LocalDate = string;

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `name` is a time zone the runtime knows (`Europe/London`, `UTC`; not `Mars/Base`). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    formatterFor(name);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock in `timeZone` at `instantMs`, read as if it were UTC (milliseconds). */
function wallClockMs(instantMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
}

/** Minutes the zone is ahead of UTC at that instant (Denver in winter: -420; Kolkata: 330). */
export function zoneOffsetMinutes(instantMs: number, timeZone: string): number {
  const flooredMs = Math.floor(instantMs / 1000) * 1000;
  return Math.round((wallClockMs(flooredMs, timeZone) - flooredMs) / minuteMs);
}

export function localDateOf(instantMs: number, timeZone: string): LocalDate {
  const key = `${timeZone}|${instantMs}`;
  let date = localDates.get(key);
  if (date === undefined) {
    if (localDates.size >= maxRemembered) localDates.clear();
    date = new Date(wallClockMs(instantMs, timeZone)).toISOString().slice(0, 10);
    localDates.set(key, date);
  }
  return date;
}

/** Held sessions' dates, asked for on every slot computation (see convertedWallClocks). */
const localDates = new Map<string, LocalDate>();

/** Minutes since local midnight at that instant. */
export function localMinuteOfDay(instantMs: number, timeZone: string): number {
  return Math.floor((wallClockMs(instantMs, timeZone) % dayMs) / minuteMs);
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday. */
export function weekdayOf(date: LocalDate): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function isLocalDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && addDays(value, 0) === value;
}

/**
 * The first instant at which the clock in `timeZone` shows `minuteOfDay` on `date` or later
 * (`minuteOfDay` may be 1440: the next midnight). A time shown twice (the hour repeated when
 * clocks go back) is its first occurrence; a time never shown (skipped when clocks go forward)
 * is the moment of the jump, the first instant past it.
 */
export function wallClockToInstant(date: LocalDate, minuteOfDay: number, timeZone: string): number {
  const key = `${timeZone}|${date}|${minuteOfDay}`;
  let instant = convertedWallClocks.get(key);
  if (instant === undefined) {
    // Bounded: the pages ask for the same few hundred wall-clock times all day.
    if (convertedWallClocks.size >= maxRemembered) convertedWallClocks.clear();
    instant = convertWallClock(date, minuteOfDay, timeZone);
    convertedWallClocks.set(key, instant);
  }
  return instant;
}

/**
 * A pure function of its arguments (for the process's time-zone data), and one `Intl` call costs
 * tens of microseconds: converted times are remembered, so a page's 60 days of ranges cost a few
 * map look-ups instead of hundreds of those calls (bench/booking).
 */
const convertedWallClocks = new Map<string, number>();
const maxRemembered = 50_000;

function convertWallClock(date: LocalDate, minuteOfDay: number, timeZone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`) + minuteOfDay * minuteMs;
  // No zone changes offset twice within two days, so the offsets a day either side are the only
  // candidates.
  const offsets = [
    zoneOffsetMinutes(wall - dayMs, timeZone),
    zoneOffsetMinutes(wall + dayMs, timeZone),
  ];
  const matches = offsets
    .map((offset) => wall - offset * minuteMs)
    .filter((instant) => zoneOffsetMinutes(instant, timeZone) * minuteMs === wall - instant);
  if (matches.length > 0) return Math.min(...matches);
  // In the skipped stretch: the jump lies between the two readings; find its minute.
  let before = wall - Math.max(...offsets) * minuteMs;
  let after = wall - Math.min(...offsets) * minuteMs;
  const offsetBefore = zoneOffsetMinutes(before, timeZone);
  while (after - before > minuteMs) {
    const middle = before + Math.floor((after - before) / 2 / minuteMs) * minuteMs;
    if (zoneOffsetMinutes(middle, timeZone) === offsetBefore) before = middle;
    else after = middle;
  }
  return after;
}

/** `HH:MM` → minutes since midnight (`24:00` is 1440); undefined when malformed. */
export function parseClockTime(value: string): number | undefined {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(value);
  if (!match) return undefined;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 1440 ? minutes : undefined;
}

export function formatClockTime(minuteOfDay: number): string {
  const hours = Math.floor(minuteOfDay / 60);
  return `${String(hours).padStart(2, "0")}:${String(minuteOfDay % 60).padStart(2, "0")}`;
}
