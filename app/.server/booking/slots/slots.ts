import { rangesOn, type AvailabilityRules } from "./availability-rules";
import {
  addDays,
  localDateOf,
  wallClockToInstant,
  weekdayOf,
  type LocalDate,
} from "../../core/zoned-time";

/** A bookable time: UTC instants in milliseconds, `end` - `start` the session's length. */
export type Slot = { start: number; end: number };

/** A session that holds its time, with the buffers it was booked with already around it. */
export type HeldTime = { start: number; blockedFrom: number; blockedUntil: number };

/** An event of the owner's busy calendar. */
export type BusyTime = { start: number; end: number };

export type SlotQuery = {
  rules: AvailabilityRules;
  durationMinutes: number;
  now: number;
  held: readonly HeldTime[];
  busy: readonly BusyTime[];
  /** Only this one of the owner's dates (a claim checks its own slot, not the whole horizon). */
  onDate?: LocalDate;
};

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

/**
 * The free slots of the rules' horizon, earliest first. Each of the owner's dates is turned into
 * instants on its own (its own UTC offset), and slots step in real minutes from the start of
 * each range, so a range that spans a clock change holds the hours it really has. A slot needs
 * its buffers free of held sessions and busy events; it must start after the notice and before
 * the horizon, on a date that has not reached its maximum of sessions.
 */
export function freeSlots({ rules, durationMinutes, now, held, busy, onDate }: SlotQuery): Slot[] {
  const earliest = now + rules.minimumNoticeMinutes * minuteMs;
  const latest = now + rules.horizonDays * dayMs;
  const duration = durationMinutes * minuteMs;
  const before = rules.bufferBeforeMinutes * minuteMs;
  const after = rules.bufferAfterMinutes * minuteMs;
  const interval = rules.slotIntervalMinutes * minuteMs;
  const blocked = mergedIntervals([
    ...held.map(({ blockedFrom, blockedUntil }) => ({ start: blockedFrom, end: blockedUntil })),
    ...busy,
  ]);
  const sessionsOn = new Map<string, number>();
  if (rules.maxSessionsPerDay > 0) {
    for (const { start } of held) {
      const date = localDateOf(start, rules.timeZone);
      sessionsOn.set(date, (sessionsOn.get(date) ?? 0) + 1);
    }
  }
  const starts = new Set<number>();
  const firstDate = localDateOf(now, rules.timeZone);
  const lastDate = localDateOf(latest, rules.timeZone);
  const from = onDate === undefined || onDate < firstDate ? firstDate : onDate;
  const to = onDate === undefined || onDate > lastDate ? lastDate : onDate;
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (rules.maxSessionsPerDay > 0 && (sessionsOn.get(date) ?? 0) >= rules.maxSessionsPerDay)
      continue;
    for (const range of rangesOn(rules, date, weekdayOf(date))) {
      const rangeStart = wallClockToInstant(date, range.start, rules.timeZone);
      const rangeEnd = wallClockToInstant(date, range.end, rules.timeZone);
      for (let start = rangeStart; start + duration <= rangeEnd; start += interval) {
        if (start < earliest || start > latest) continue;
        if (!overlapsAny(blocked, start - before, start + duration + after)) starts.add(start);
      }
    }
  }
  return [...starts].sort((a, b) => a - b).map((start) => ({ start, end: start + duration }));
}

/** Sorted, disjoint intervals covering the same time. */
function mergedIntervals(intervals: readonly BusyTime[]): BusyTime[] {
  const sorted = intervals
    .filter(({ start, end }) => end > start)
    .sort((a, b) => a.start - b.start);
  const merged: BusyTime[] = [];
  for (const interval of sorted) {
    const last = merged.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

/** Whether [start, end) meets any of the sorted, disjoint `intervals` (binary search). */
function overlapsAny(intervals: readonly BusyTime[], start: number, end: number): boolean {
  let low = 0;
  let high = intervals.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (intervals[middle]!.end <= start) low = middle + 1;
    else high = middle;
  }
  return low < intervals.length && intervals[low]!.start < end;
}
