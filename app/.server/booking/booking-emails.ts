import type { Kysely } from "kysely";
import type { Database } from "../core/db/schema";
import type { ServiceDeps } from "../core/service-deps";
import { enqueueEmail } from "../mail";
import {
  bookingConfirmedEmail,
  bookingHoldConfirmationEmail,
  bookingOwnerNotificationEmail,
} from "../mail/templates/booking-emails";
import { confirmationUrl, inviteUrl } from "./booking-links";
import { sessionKind } from "./session-kinds";
import { sessionTimeLabel } from "./slot-labels";

type EmailDeps = Pick<ServiceDeps, "config" | "clock">;

async function bookingOf(trx: Kysely<Database>, bookingId: string) {
  return trx
    .selectFrom("bookings")
    .selectAll()
    .where("id", "=", bookingId)
    .executeTakeFirstOrThrow();
}

/** The free booking's one email before it is confirmed: the link that confirms it. */
export async function queueHoldConfirmation(
  trx: Kysely<Database>,
  { config, clock }: EmailDeps,
  bookingId: string,
) {
  const booking = await bookingOf(trx, bookingId);
  const kind = sessionKind(booking.kind, config);
  const content = bookingHoldConfirmationEmail({
    title: kind.title,
    minutes: kind.minutes,
    when: sessionTimeLabel(new Date(booking.starts_at), booking.time_zone),
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

/** A confirmed session: the booker's confirmation and the owner's notice, each in their zone. */
export async function queueBookingConfirmed(
  trx: Kysely<Database>,
  { config, clock }: EmailDeps,
  bookingId: string,
) {
  const booking = await bookingOf(trx, bookingId);
  const kind = sessionKind(booking.kind, config);
  const start = new Date(booking.starts_at);
  const shared = {
    title: kind.title,
    minutes: kind.minutes,
    name: booking.name,
    meetingUrl: booking.meeting_url,
    inviteUrl: inviteUrl(config, booking.id),
  };
  const now = { now: clock.now() };
  const toBooker = bookingConfirmedEmail({
    ...shared,
    when: sessionTimeLabel(start, booking.time_zone),
    contactEmail: config.CONTACT_EMAIL,
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
