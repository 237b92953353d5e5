import type { BookingKind } from "../booking-tables";
import { zoneLabel } from "../slots/slot-labels";
import type { BookingSummary } from "~/lib/booking-summary";
import { bookedSession } from "./session-kinds";

export type { BookingSummary };

type SummarySource = {
  kind: BookingKind;
  starts_at: string;
  ends_at: string;
  time_zone: string;
  email: string;
  hold_expires_at?: string | null;
};

export function bookingSummary(
  booking: SummarySource,
  { ownerZone, holdMinutes }: { ownerZone: string; holdMinutes?: number },
): BookingSummary {
  const session = bookedSession(booking);
  const start = new Date(booking.starts_at);
  const end = new Date(booking.ends_at);
  const zone = booking.time_zone;
  return {
    title: session.title,
    minutes: session.minutes,
    when: timeRange(start, end, zone),
    zone: zoneLabel(zone),
    ownerWhen:
      ownerZone === zone
        ? null
        : { when: timeRange(start, end, ownerZone), zone: zoneLabel(ownerZone) },
    email: booking.email,
    hold:
      holdMinutes && booking.hold_expires_at
        ? { minutes: holdMinutes, until: timeOfDay(new Date(booking.hold_expires_at), zone) }
        : null,
  };
}

// ICU puts narrow and thin no-break spaces around AM/PM and the dash; plain spaces read the same.
const plain = (text: string) => text.replace(/[\u202f\u2009]/g, " ");

function timeRange(start: Date, end: Date, zone: string) {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    dateStyle: "full",
    timeStyle: "short",
  });
  return plain(format.formatRange(start, end));
}

/** "2:07 AM MST": a time alone says nothing without its zone. */
function timeOfDay(at: Date, zone: string) {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  });
  return plain(format.format(at));
}
