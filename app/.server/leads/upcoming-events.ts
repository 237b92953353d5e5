import { eventsTimeZone, type SiteEvent } from "~/content/events";

export type ListedEvent = SiteEvent & { past: boolean };

/** Today's date where the events take place, as YYYY-MM-DD. */
function localDate(now: Date) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: eventsTimeZone }).format(now);
}

/**
 * Splits events at today: upcoming ones (last day today or later, soonest first) and the full
 * list (newest first) with past ones marked. A past event is never listed as upcoming.
 */
export function eventsAsOf(events: SiteEvent[], now: Date) {
  const today = localDate(now);
  const listed = events.map((event) => ({ ...event, past: (event.endDate ?? event.date) < today }));
  return {
    upcoming: listed.filter((event) => !event.past).sort((a, b) => a.date.localeCompare(b.date)),
    all: [...listed].sort((a, b) => b.date.localeCompare(a.date)),
  };
}
