import type { Kysely } from "kysely";
import type { Database } from "../core/db/schema";
import type { ServiceDeps } from "../core/service-deps";
import { enqueueEmail } from "../mail";
import {
  bookingCancelledEmail,
  bookingConfirmedEmail,
  bookingHoldConfirmationEmail,
  bookingOwnerChangeEmail,
  bookingOwnerNotificationEmail,
  bookingRescheduledEmail,
} from "./emails/booking-email-templates";
import { loadAvailabilityRules } from "./slots/availability-store";
import {
  bookerChangeUrls,
  confirmationUrl,
  inviteUrl,
  orderBookingUrl,
} from "./sessions/booking-links";
import { bookingInvite } from "./sessions/invite-file";
import { coverOpenReminders } from "./reminders/reminder-claims";
import { bookedSession } from "./sessions/session-kinds";
import { sessionTimeLabel } from "./slots/slot-labels";

type EmailDeps = Pick<ServiceDeps, "config" | "clock">;

async function bookingOf(trx: Kysely<Database>, bookingId: string) {
  return trx
    .selectFrom("bookings")
    .selectAll()
    .where("id", "=", bookingId)
    .executeTakeFirstOrThrow();
}

type BookingRow = Awaited<ReturnType<typeof bookingOf>>;

/**
 * A booking, and what each email to its booker opens with: the session's title and length, and
 * its time in the booker's zone.
 */
async function bookerSessionOf(trx: Kysely<Database>, bookingId: string) {
  const booking = await bookingOf(trx, bookingId);
  const kind = bookedSession(booking);
  const session = {
    title: kind.title,
    minutes: kind.minutes,
    when: sessionTimeLabel(new Date(booking.starts_at), booking.time_zone),
  };
  return { booking, session };
}

/**
 * What every email to the booker of a coming session carries: the call, the invite, a contact,
 * and their own move and cancel links while the owner's cut-off is still ahead.
 */
export async function bookerFactsOf(
  trx: Kysely<Database>,
  { config, clock }: EmailDeps,
  booking: BookingRow,
) {
  const rules = await loadAvailabilityRules(trx, config);
  const cutoff = Date.parse(booking.starts_at) - rules.bookerChangeCutoffMinutes * 60_000;
  return {
    name: booking.name,
    meetingUrl: booking.meeting_url,
    inviteUrl: inviteUrl(config, booking.id),
    contactEmail: config.CONTACT_EMAIL,
    ...(clock.now().getTime() < cutoff ? bookerChangeUrls(config, booking.id) : {}),
  };
}

/** The free booking's one email before it is confirmed: the link that confirms it. */
export async function queueHoldConfirmation(
  trx: Kysely<Database>,
  { config, clock }: EmailDeps,
  bookingId: string,
) {
  const { booking, session } = await bookerSessionOf(trx, bookingId);
  const content = bookingHoldConfirmationEmail({
    ...session,
    name: booking.name,
    confirmUrl: confirmationUrl(config, booking.id, new Date(booking.hold_expires_at!)),
    holdMinutes: config.BOOKING_HOLD_MINUTES,
  });
  await enqueueEmail(
    trx,
    { purpose: "booking.hold-confirmation", to: booking.email, from: config.MAIL_FROM, ...content },
    { now: clock.now() },
  );
}

/**
 * A confirmed session: the booker's confirmation and the owner's notice, each in their zone. A
 * reminder whose time has come already is covered by the confirmation (so for a move's email).
 */
export async function queueBookingConfirmed(
  trx: Kysely<Database>,
  { config, clock }: EmailDeps,
  bookingId: string,
) {
  const booking = await bookingOf(trx, bookingId);
  const kind = bookedSession(booking);
  const start = new Date(booking.starts_at);
  const shared = {
    title: kind.title,
    minutes: kind.minutes,
    name: booking.name,
    meetingUrl: booking.meeting_url,
    inviteUrl: inviteUrl(config, booking.id),
    invite: bookingInvite(booking, config, clock.now()),
  };
  const now = { now: clock.now() };
  await coverOpenReminders(trx, booking, clock.now());
  const toBooker = bookingConfirmedEmail({
    ...shared,
    ...(await bookerFactsOf(trx, { config, clock }, booking)),
    when: sessionTimeLabel(start, booking.time_zone),
  });
  await enqueueEmail(
    trx,
    { purpose: "booking.confirmed", to: booking.email, from: config.MAIL_FROM, ...toBooker },
    now,
  );
  const toOwner = bookingOwnerNotificationEmail({
    ...shared,
    when: sessionTimeLabel(start, config.BOOKING_TIME_ZONE),
    email: booking.email,
    orderId: booking.order_id,
  });
  await enqueueEmail(
    trx,
    {
      purpose: "booking.owner-notification",
      to: config.OWNER_EMAIL,
      from: config.MAIL_FROM,
      replyTo: booking.email,
      ...toOwner,
    },
    now,
  );
}

/** The booker's email when the session moves: the new time, and the invite that replaces the old. */
export async function queueBookingRescheduled(
  trx: Kysely<Database>,
  { config, clock }: EmailDeps,
  bookingId: string,
) {
  const { booking, session } = await bookerSessionOf(trx, bookingId);
  await coverOpenReminders(trx, booking, clock.now());
  const content = bookingRescheduledEmail({
    ...session,
    ...(await bookerFactsOf(trx, { config, clock }, booking)),
    invite: bookingInvite(booking, config, clock.now()),
  });
  await enqueueEmail(
    trx,
    { purpose: "booking.rescheduled", to: booking.email, from: config.MAIL_FROM, ...content },
    { now: clock.now() },
  );
}

/**
 * The booker's email when the session is cancelled: the invite link now removes the event, and
 * a paid session's buyer gets their own booking link back to choose another time.
 */
export async function queueBookingCancelled(
  trx: Kysely<Database>,
  { config, clock }: EmailDeps,
  bookingId: string,
) {
  const { booking, session } = await bookerSessionOf(trx, bookingId);
  const content = bookingCancelledEmail({
    ...session,
    name: booking.name,
    inviteUrl: inviteUrl(config, booking.id),
    invite: bookingInvite(booking, config, clock.now()),
    bookAgainUrl: booking.order_id
      ? orderBookingUrl(config, booking.order_id)
      : `${config.SITE_URL}/booking`,
    contactEmail: config.CONTACT_EMAIL,
  });
  await enqueueEmail(
    trx,
    { purpose: "booking.cancelled", to: booking.email, from: config.MAIL_FROM, ...content },
    { now: clock.now() },
  );
}

/**
 * The owner's notice of a change the booker made through their own link: the session's time in
 * the owner's zone, and the invite that moves or removes the owner's event.
 */
export async function queueOwnerChangeNotice(
  trx: Kysely<Database>,
  { config, clock }: EmailDeps,
  bookingId: string,
  change: "rescheduled" | "cancelled",
) {
  const booking = await bookingOf(trx, bookingId);
  const kind = bookedSession(booking);
  const content = bookingOwnerChangeEmail({
    title: kind.title,
    minutes: kind.minutes,
    when: sessionTimeLabel(new Date(booking.starts_at), config.BOOKING_TIME_ZONE),
    change,
    name: booking.name,
    email: booking.email,
    inviteUrl: inviteUrl(config, booking.id),
    invite: bookingInvite(booking, config, clock.now()),
  });
  await enqueueEmail(
    trx,
    {
      purpose: `booking.owner-${change}`,
      to: config.OWNER_EMAIL,
      from: config.MAIL_FROM,
      replyTo: booking.email,
      ...content,
    },
    { now: clock.now() },
  );
}
