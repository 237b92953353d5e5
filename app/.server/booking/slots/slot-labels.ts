import type { Slot } from "./slots";
import { localDateOf } from "../../core/zoned-time";

/** One of the visitor's dates and its slots, written for people in the visitor's zone. */
export type SlotDay = {
  date: string;
  label: string;
  slots: { start: string; label: string }[];
};

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

function cached(cache: Map<string, Intl.DateTimeFormat>, zone: string, options: object) {
  let format = cache.get(zone);
  if (!format)
    cache.set(zone, (format = new Intl.DateTimeFormat("en-US", { timeZone: zone, ...options })));
  return format;
}

/** Slots grouped by the visitor's own dates, labelled in the visitor's zone. */
export function slotDays(slots: readonly Slot[], zone: string): SlotDay[] {
  const days: SlotDay[] = [];
  const dayFormat = cached(dayFormats, zone, { weekday: "long", month: "long", day: "numeric" });
  const timeFormat = cached(timeFormats, zone, { hour: "numeric", minute: "2-digit" });
  for (const slot of slots) {
    const date = localDateOf(slot.start, zone);
    let day = days.at(-1);
    if (day?.date !== date)
      days.push((day = { date, label: dayFormat.format(slot.start), slots: [] }));
    day.slots.push({
      start: new Date(slot.start).toISOString(),
      label: timeFormat.format(slot.start),
    });
  }
  return days;
}

/** A session's time for an email or a page: "Tuesday, June 2, 2026 at 9:30 PM (Asia/Kolkata)". */
export function sessionTimeLabel(start: Date, zone: string): string {
  const text = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    dateStyle: "full",
    timeStyle: "short",
  }).format(start);
  // ICU puts a narrow no-break space before AM/PM; plain-text emails read better with a space.
  return `${text.replace(/\u202f/g, " ")} (${zone.replace(/_/g, " ")})`;
}

/**
 * A zone as a page names it: "America/Denver (Mountain Time)". The generic name is left out
 * where ICU has none better than an offset.
 */
export function zoneLabel(zone: string): string {
  const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longGeneric" })
    .formatToParts(0)
    .find((part) => part.type === "timeZoneName")?.value;
  const plain = zone.replace(/_/g, " ");
  return name && !/^GMT[+-]/.test(name) ? `${plain} (${name})` : plain;
}
