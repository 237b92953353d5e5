import { weekdayNames } from "~/lib/weekday-names";
import type { InvalidInput } from "../../core/invalid-input";
import type { AvailabilityRules, DayRange } from "./availability-rules";
import {
  formatClockTime,
  isLocalDate,
  parseClockTime,
  type LocalDate,
} from "../../core/zoned-time";

/**
 * The console's availability form as plain text fields, so it works without JavaScript: a day's
 * hours are "09:00-12:00, 13:00-17:00"; an override is a line "2026-12-24 10:00-12:00" or
 * "2026-12-24 off"; time off is a line "2026-12-24" or "2026-12-24 to 2027-01-02".
 */
export type AvailabilityFormValues = Record<string, string>;

/** Each number of the rules: its field, its bounds, and how the owner calls it. */
const numberFields = [
  { key: "bufferBeforeMinutes", min: 0, max: 240, label: "The buffer before a session" },
  { key: "bufferAfterMinutes", min: 0, max: 240, label: "The buffer after a session" },
  { key: "minimumNoticeMinutes", min: 0, max: 30 * 24 * 60, label: "The minimum notice" },
  { key: "horizonDays", min: 1, max: 365, label: "How far ahead people may book" },
  { key: "maxSessionsPerDay", min: 0, max: 48, label: "The most sessions a day" },
  { key: "slotIntervalMinutes", min: 5, max: 240, label: "The slot interval" },
  { key: "introCallMinutes", min: 5, max: 120, label: "The intro call's length" },
  {
    key: "bookerChangeCutoffMinutes",
    min: 0,
    max: 30 * 24 * 60,
    label: "The booker's change cut-off",
  },
] as const;

const maxLines = 200;

/** The saved rules written into the form's fields. */
export function availabilityFormValues(rules: AvailabilityRules): AvailabilityFormValues {
  const values: AvailabilityFormValues = {};
  rules.weeklyHours.forEach((ranges, weekday) => (values[`hours-${weekday}`] = rangesText(ranges)));
  values.overrides = rules.dateOverrides
    .map(({ date, ranges }) => `${date} ${ranges.length ? rangesText(ranges) : "off"}`)
    .join("\n");
  values.timeOff = rules.timeOff
    .map(({ from, to }) => (from === to ? from : `${from} to ${to}`))
    .join("\n");
  for (const { key } of numberFields) values[key] = String(rules[key]);
  return values;
}

function rangesText(ranges: DayRange[]) {
  return ranges
    .map(({ start, end }) => `${formatClockTime(start)}-${formatClockTime(end)}`)
    .join(", ");
}

export type ParsedAvailability = { outcome: "valid"; rules: AvailabilityRules } | InvalidInput;

/**
 * The rules the form describes, or every field's complaint in a sentence that names the day or
 * the line. The zone is the server's setting, never a field.
 */
export function parseAvailabilityForm(form: URLSearchParams, timeZone: string): ParsedAvailability {
  const fieldErrors: Record<string, string[]> = {};
  const complain = (field: string, message: string) => (fieldErrors[field] ??= []).push(message);

  const weeklyHours = weekdayNames.map((name, weekday) => {
    const field = `hours-${weekday}`;
    const ranges = parseRanges(form.get(field) ?? "");
    if (typeof ranges === "string") complain(field, `${name}: ${ranges}`);
    return typeof ranges === "string" ? [] : ranges;
  });

  const dateOverrides: AvailabilityRules["dateOverrides"] = [];
  lines(form.get("overrides")).forEach((line, index) => {
    const [date = "", ...rest] = line.split(/\s+/);
    const where = `Date override line ${index + 1} ("${line.slice(0, 40)}")`;
    if (!isLocalDate(date))
      return complain("overrides", `${where}: start it with a date as YYYY-MM-DD.`);
    const text = rest.join(" ");
    const ranges = /^off$/i.test(text) ? [] : parseRanges(text);
    if (typeof ranges === "string" || (ranges.length === 0 && !/^off$/i.test(text)))
      return complain(
        "overrides",
        `${where}: after the date write hours like 10:00-12:00, or "off" for a day off.`,
      );
    if (dateOverrides.some((entry) => entry.date === date))
      return complain("overrides", `${where}: ${date} is overridden twice.`);
    dateOverrides.push({ date, ranges });
  });

  const timeOff: AvailabilityRules["timeOff"] = [];
  lines(form.get("timeOff")).forEach((line, index) => {
    const match = /^(\S+)(?:\s+to\s+(\S+))?$/i.exec(line);
    const from: LocalDate = match?.[1] ?? "";
    const to: LocalDate = match?.[2] ?? from;
    const where = `Time off line ${index + 1} ("${line.slice(0, 40)}")`;
    if (!match || !isLocalDate(from) || !isLocalDate(to))
      return complain("timeOff", `${where}: write a date as YYYY-MM-DD, or two with "to" between.`);
    if (to < from) return complain("timeOff", `${where}: the last day comes before the first.`);
    timeOff.push({ from, to });
  });
  for (const field of ["overrides", "timeOff"] as const)
    if (lines(form.get(field)).length > maxLines)
      complain(field, `Keep it to ${maxLines} lines at most.`);

  const numbers = {} as Record<(typeof numberFields)[number]["key"], number>;
  for (const { key, min, max, label } of numberFields) {
    const text = (form.get(key) ?? "").trim();
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < min || value > max)
      complain(key, `${label} must be a whole number from ${min} to ${max}.`);
    numbers[key] = value;
  }

  const messages = Object.values(fieldErrors).flat();
  if (messages.length > 0) return { outcome: "invalid", error: messages[0]!, fieldErrors };
  dateOverrides.sort((a, b) => a.date.localeCompare(b.date));
  timeOff.sort((a, b) => a.from.localeCompare(b.from));
  return {
    outcome: "valid",
    rules: { timeZone, weeklyHours, dateOverrides, timeOff, ...numbers },
  };
}

function lines(text: string | null): string[] {
  return (text ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** "09:00-12:00, 13:00-17:00" as ranges in order, or what is wrong with it. */
function parseRanges(text: string): DayRange[] | string {
  const parts = text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length > 12) return "at most 12 ranges a day.";
  const ranges: DayRange[] = [];
  for (const part of parts) {
    const [from = "", to = "", extra] = part.split(/\s*-\s*/);
    const start = parseClockTime(from);
    const end = parseClockTime(to);
    if (extra !== undefined || start === undefined || end === undefined)
      return `"${part.slice(0, 20)}" is not a range like 09:00-12:00 (24-hour clock).`;
    if (end <= start) return `${part} ends before it starts.`;
    ranges.push({ start, end });
  }
  ranges.sort((a, b) => a.start - b.start);
  for (let index = 1; index < ranges.length; index += 1)
    if (ranges[index]!.start < ranges[index - 1]!.end) return "two ranges overlap.";
  return ranges;
}
