import ICAL from "ical.js";
import type { BusyTime } from "../slots/slots";
import { isTimeZone, wallClockToInstant } from "../../core/zoned-time";

/** Occurrences one event may yield before the rest are dropped (a rule that never ends). */
const occurrencesPerEvent = 5_000;
/** Busy times kept in all: enough for a full calendar over any horizon. */
const busyTimesKept = 20_000;

/**
 * The busy times of an iCalendar text within [from, until): every opaque, not cancelled event,
 * recurring ones expanded by ical.js (RRULE, RDATE, EXDATE, and RECURRENCE-ID overrides moving or
 * cancelling one occurrence). Times in a named IANA zone are converted with that zone's rules
 * (Intl), so a weekly 09:00 stays 09:00 across its DST change; a zone known only by its VTIMEZONE
 * uses that; all-day and floating times are read in the owner's zone. Throws on text that is not
 * iCalendar.
 */
export function busyTimesOf(
  text: string,
  { from, until, ownerZone }: { from: number; until: number; ownerZone: string },
): BusyTime[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  if (calendar.name !== "vcalendar") throw new Error("not a VCALENDAR");
  const masters = new Map<string, ICAL.Event>();
  const overrides: ICAL.Component[] = [];
  for (const component of calendar.getAllSubcomponents("vevent")) {
    if (component.hasProperty("recurrence-id")) overrides.push(component);
    else masters.set(String(component.getFirstPropertyValue("uid")), new ICAL.Event(component));
  }
  for (const override of overrides) {
    const master = masters.get(String(override.getFirstPropertyValue("uid")));
    if (master) master.relateException(override);
    // An override without its series stands alone.
    else masters.set(`override:${masters.size}`, new ICAL.Event(override));
  }
  const busy: BusyTime[] = [];
  const instant = (time: ICAL.Time, event: ICAL.Event) => instantOf(time, event, ownerZone);
  for (const event of masters.values()) {
    if (!event.isRecurring()) {
      if (blocks(event)) addBusy(busy, instant(event.startDate, event), endOf(event), from, until);
      continue;
    }
    const occurrences = event.iterator();
    for (let count = 0; count < occurrencesPerEvent; count += 1) {
      const next = occurrences.next();
      if (!next) break;
      const details = event.getOccurrenceDetails(next);
      const start = instant(details.startDate, details.item);
      // An override may move an occurrence later than its place in the series: keep looking
      // a day past the horizon before stopping.
      if (instant(next, event) >= until + 86_400_000) break;
      if (!blocks(details.item)) continue;
      addBusy(busy, start, instant(details.endDate, details.item), from, until);
    }
    if (busy.length > busyTimesKept) break;
  }
  return busy.slice(0, busyTimesKept).sort((a, b) => a.start - b.start);

  function endOf(event: ICAL.Event) {
    return instant(event.endDate, event);
  }
}

function addBusy(busy: BusyTime[], start: number, end: number, from: number, until: number) {
  if (end > from && start < until && end > start) busy.push({ start, end });
}

/** Free events (TRANSP:TRANSPARENT) and cancelled ones leave the time open. */
function blocks(event: ICAL.Event) {
  const component = event.component;
  if (component.getFirstPropertyValue("transp") === "TRANSPARENT") return false;
  return component.getFirstPropertyValue("status") !== "CANCELLED";
}

/** A time of the calendar as a UTC instant in milliseconds. */
function instantOf(time: ICAL.Time, event: ICAL.Event, ownerZone: string): number {
  if (time.zone === ICAL.Timezone.utcTimezone) return time.toUnixTime() * 1000;
  const date = `${String(time.year).padStart(4, "0")}-${String(time.month).padStart(2, "0")}-${String(time.day).padStart(2, "0")}`;
  if (time.isDate) return wallClockToInstant(date, 0, ownerZone);
  const minutes = time.hour * 60 + time.minute;
  const tzid = event.component.getFirstProperty("dtstart")?.getParameter("tzid");
  const zoneId = typeof tzid === "string" ? tzid : undefined;
  if (zoneId && isTimeZone(zoneId))
    return wallClockToInstant(date, minutes, zoneId) + time.second * 1000;
  const defined = time.zone && time.zone !== ICAL.Timezone.localTimezone;
  if (defined) return time.toUnixTime() * 1000;
  return wallClockToInstant(date, minutes, ownerZone) + time.second * 1000;
}
