import type { LocalDate } from "../../core/zoned-time";

/** A stretch of one day in wall-clock minutes since midnight, `start` < `end` ≤ 1440. */
export type DayRange = { start: number; end: number };

/**
 * The owner's availability as the owner thinks of it: wall-clock hours in the owner's zone.
 * Nothing here is an instant; slots are computed per date (slots.ts).
 */
export type AvailabilityRules = {
  /** IANA zone the hours are in (default America/Denver, BOOKING_TIME_ZONE). */
  timeZone: string;
  /** Index 0 Sunday … 6 Saturday; several ranges a day, none for a day off. */
  weeklyHours: DayRange[][];
  /** A date's own hours in place of its weekday's: extra hours, other hours, or none (a day off). */
  dateOverrides: { date: LocalDate; ranges: DayRange[] }[];
  /** Dates with no sessions at all, both ends included (a holiday). */
  timeOff: { from: LocalDate; to: LocalDate }[];
  /** Free time kept before and after every session. */
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  /** No session starts sooner than this after now. */
  minimumNoticeMinutes: number;
  /** No session starts later than this many days after now. */
  horizonDays: number;
  /** Sessions starting on one of the owner's dates at most; 0 means no limit. */
  maxSessionsPerDay: number;
  /** Slots start this many minutes apart within a range. */
  slotIntervalMinutes: number;
  /** Length of the free intro call (INTRO_CALL_MINUTES until the owner sets it). */
  introCallMinutes: number;
  /** The booker's own links move or cancel a session until this long before it starts. */
  bookerChangeCutoffMinutes: number;
};

const weekdayHours: DayRange[] = [{ start: 9 * 60, end: 17 * 60 }];

/**
 * Until the owner sets availability: weekdays 9 to 5, a day's notice, eight weeks ahead, and the
 * booker's own changes until a day before.
 */
export function defaultAvailabilityRules(
  timeZone: string,
  introCallMinutes: number,
): AvailabilityRules {
  return {
    timeZone,
    weeklyHours: [[], weekdayHours, weekdayHours, weekdayHours, weekdayHours, weekdayHours, []],
    dateOverrides: [],
    timeOff: [],
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 15,
    minimumNoticeMinutes: 24 * 60,
    horizonDays: 56,
    maxSessionsPerDay: 4,
    slotIntervalMinutes: 30,
    introCallMinutes,
    bookerChangeCutoffMinutes: 24 * 60,
  };
}

/** The wall-clock ranges the rules open on `date` (time off wins over an override). */
export function rangesOn(rules: AvailabilityRules, date: LocalDate, weekday: number): DayRange[] {
  if (rules.timeOff.some(({ from, to }) => from <= date && date <= to)) return [];
  const override = rules.dateOverrides.find((entry) => entry.date === date);
  return override ? override.ranges : (rules.weeklyHours[weekday] ?? []);
}
