import { addDays, isTimeZone, localDateOf, wallClockToInstant } from "../core/zoned-time";

/**
 * When a step is due for one reader: a delay of 0 goes as soon as the step before it is done (the
 * next pass); otherwise on the day `delayDays` after it, in the reader's own calendar, at the
 * sequence's hour on their clock. The date is converted on its own, so 9:00 stays 9:00 across a
 * daylight-saving change (America/Denver's hour, Australia/Lord_Howe's half hour).
 */
export function stepDueAt({
  lastDoneAt,
  delayDays,
  sendHour,
  timeZone,
}: {
  lastDoneAt: Date;
  delayDays: number;
  sendHour: number;
  timeZone: string;
}): Date {
  if (delayDays === 0) return lastDoneAt;
  const day = addDays(localDateOf(lastDoneAt.getTime(), timeZone), delayDays);
  return new Date(wallClockToInstant(day, sendHour * 60, timeZone));
}

/** The zone a browser gave, if it is an IANA zone the runtime knows; otherwise undefined. */
export function readerTimeZone(value: unknown): string | undefined {
  return typeof value === "string" && isTimeZone(value.trim()) ? value.trim() : undefined;
}
