import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventRepeatingFreq,
  ICalEventStatus,
  type ICalCalendar,
} from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { localDateOf, localMinuteOfDay } from "../../core/zoned-time";

export type InviteDetails = {
  bookingId: string;
  /** Raised on every change, so calendars replace the event they hold (RFC 5546). */
  sequence: number;
  start: Date;
  end: Date;
  title: string;
  description: string;
  meetingUrl: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** The site's host: the UID's right-hand side, stable for the booking's life. */
  host: string;
  now: Date;
  /** What the UID says the event is (`booking` unless given; a workshop seat says `workshop`). */
  uidKind?: string;
  /** A place in the world instead of the meeting link (a workshop's venue). */
  place?: string;
  /** The same hours on this many days in a row (a 3-day workshop), as one event with a rule. */
  days?: number;
  /**
   * The zone whose wall clock the days repeat in. A daily rule over UTC times keeps the UTC hour,
   * so a day after a daylight-saving change would move an hour; with the zone (and its VTIMEZONE)
   * each day is at the same local hour.
   */
  timeZone?: string;
};

/** An instant as the zone's wall clock, `YYYY-MM-DDTHH:MM:00`, as ical-generator writes it with TZID. */
function wallClock(instant: Date, timeZone: string) {
  const minutes = localMinuteOfDay(instant.getTime(), timeZone);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${localDateOf(instant.getTime(), timeZone)}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00`;
}

/** The UID calendars know a booking by: the same on the first invite, every change and the cancel. */
export function inviteUid(bookingId: string, host: string, kind = "booking") {
  return `${kind}-${bookingId}@${host}`;
}

/**
 * An RFC 5545 calendar with one event: METHOD:REQUEST for a booking or its new time,
 * METHOD:CANCEL once it is cancelled. Times are UTC (`…Z`), so no VTIMEZONE is needed and no
 * calendar can read them in the wrong zone; only an event repeating over days in a zone carries
 * its TZID and the zone's VTIMEZONE.
 */
export function calendarInvite(details: InviteDetails, method: "REQUEST" | "CANCEL"): string {
  const calendar = ical({
    prodId: { company: details.host, product: "booking", language: "EN" },
    method: method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    ...(details.timeZone
      ? {
          timezone: {
            name: null,
            generator: (zone: string) => tzlib_get_ical_block(zone)[0] ?? null,
          },
        }
      : {}),
  });
  addBookingEvent(calendar, details, method === "CANCEL" ? "cancelled" : "confirmed");
  return calendar.toString();
}

/** The booking's event, as its invites describe it: the owner's feed lists the same. */
// A `timeZone` needs the calendar's VTIMEZONE generator, as calendarInvite sets it.
export function addBookingEvent(
  calendar: ICalCalendar,
  details: InviteDetails,
  status: "confirmed" | "cancelled",
) {
  calendar.createEvent({
    id: inviteUid(details.bookingId, details.host, details.uidKind),
    sequence: details.sequence,
    stamp: details.now,
    ...(details.timeZone
      ? {
          timezone: details.timeZone,
          start: wallClock(details.start, details.timeZone),
          end: wallClock(details.end, details.timeZone),
        }
      : { start: details.start, end: details.end }),
    summary: details.title,
    description: details.description,
    location: details.place ?? details.meetingUrl,
    url: details.meetingUrl,
    ...(details.days && details.days > 1
      ? { repeating: { freq: ICalEventRepeatingFreq.DAILY, count: details.days } }
      : {}),
    status: status === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: details.organizer,
    attendees: [
      {
        ...details.attendee,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.ACCEPTED,
        rsvp: false,
      },
    ],
  });
}
