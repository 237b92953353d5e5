import type { Selectable } from "kysely";
import type { Database } from "../../core/db/schema";
import type { ServiceDeps } from "../../core/service-deps";
import { readBookingLink } from "./booking-links";
import { calendarInvite, type InviteDetails } from "./calendar-invite";
import { bookedSession } from "./session-kinds";

/**
 * The booking's invite as it stands: a REQUEST with the current time and SEQUENCE, or a CANCEL
 * once cancelled; undefined for a bad link or a booking that never was (an unconfirmed hold).
 */
export async function currentInvite(
  { db, clock, config }: Pick<ServiceDeps, "db" | "clock" | "config">,
  token: string,
): Promise<string | undefined> {
  const now = clock.now();
  const link = readBookingLink(config, "booking-invite", token, now);
  if (!link.ok) return undefined;
  const booking = await db
    .selectFrom("bookings")
    .selectAll()
    .where("id", "=", link.subject)
    .executeTakeFirst();
  if (!booking || booking.status === "held" || booking.status === "expired") return undefined;
  return bookingInvite(booking, config, now);
}

/**
 * A booking's invite as it stands now: a REQUEST with its current time and SEQUENCE, or a CANCEL
 * once cancelled. The emails attach it; the invite link serves it fresh.
 */
export function bookingInvite(
  booking: Selectable<Database["bookings"]>,
  config: ServiceDeps["config"],
  now: Date,
): string {
  return calendarInvite(
    inviteDetails(booking, config, now),
    booking.status === "cancelled" ? "CANCEL" : "REQUEST",
  );
}

/** What a booking's invite says: its UID, SEQUENCE, times, people and meeting link. */
export function inviteDetails(
  booking: Selectable<Database["bookings"]>,
  config: ServiceDeps["config"],
  now: Date,
): InviteDetails {
  const kind = bookedSession(booking);
  return {
    bookingId: booking.id,
    sequence: booking.invite_sequence,
    start: new Date(booking.starts_at),
    end: new Date(booking.ends_at),
    title: kind.title,
    description: `${kind.title} (${kind.minutes} minutes). Join: ${booking.meeting_url}`,
    meetingUrl: booking.meeting_url,
    organizer: { name: "Presence Selling", email: config.OWNER_EMAIL },
    attendee: { name: booking.name, email: booking.email },
    host: new URL(config.SITE_URL).host,
    now,
  };
}
