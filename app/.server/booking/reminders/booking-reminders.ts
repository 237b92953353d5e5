import type { Kysely } from "kysely";
import type { Database } from "../../core/db/schema";
import type { ServiceDeps } from "../../core/service-deps";
import { enqueueEmail } from "../../mail";
import {
  bookingReminderEmail,
  unbookedSessionReminderEmail,
} from "../emails/booking-email-templates";
import { bookerFactsOf } from "../booking-emails";
import { orderBookingUrl } from "../sessions/booking-links";
import { claimReminder, sessionReminders, type SessionReminder } from "./reminder-claims";
import { bookedSession } from "../sessions/session-kinds";
import { sessionTimeLabel } from "../slots/slot-labels";
import { unbookedPaidOrders } from "../sessions/unbooked-orders";

type Deps = Pick<ServiceDeps, "db" | "clock" | "config">;

const hourMs = 60 * 60_000;
/** An order paid this long ago and not booked is reminded once. */
const unbookedAfterMs = 48 * hourMs;
/**
 * Orders paid longer ago than this are never reminded: those from before the built-in booking
 * were scheduled by hand, and a late first reminder would only confuse.
 */
const unbookedUntilMs = 7 * 24 * hourMs;
const batchSize = 100;

/**
 * One sweep of the reminders due now: a day and an hour before each confirmed session, and two
 * days after a paid session that is not booked. Each is claimed by its row in
 * `booking_reminders` in the transaction that queues its email, so instances racing and restarts
 * send it once. Resolves true when a batch was full (more may be due).
 */
export async function sendDueReminders(deps: Deps): Promise<{ queued: number; more: boolean }> {
  const now = deps.clock.now();
  let queued = 0;
  let more = false;
  for (const window of sessionReminders) {
    const due = await dueSessions(deps.db, now, window);
    more ||= due.length === batchSize;
    for (const booking of due)
      if (await remindOfSession(deps, booking.id, booking.starts_at, window.reminder)) queued += 1;
  }
  const orders = await unbookedOrders(deps.db, now);
  more ||= orders.length === batchSize;
  for (const order of orders) if (await remindOfOrder(deps, order)) queued += 1;
  return { queued, more };
}

function dueSessions(
  db: Kysely<Database>,
  now: Date,
  { reminder, leadMs, untilMs }: (typeof sessionReminders)[number],
) {
  return db
    .selectFrom("bookings")
    .select(["id", "starts_at"])
    .where("status", "=", "confirmed")
    .where("starts_at", ">", new Date(now.getTime() + untilMs).toISOString())
    .where("starts_at", "<=", new Date(now.getTime() + leadMs).toISOString())
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("booking_reminders")
            .select("booking_reminders.subject_id")
            .whereRef("booking_reminders.subject_id", "=", "bookings.id")
            .whereRef("booking_reminders.due_for", "=", "bookings.starts_at")
            .where("booking_reminders.reminder", "=", reminder),
        ),
      ),
    )
    .orderBy("starts_at")
    .limit(batchSize)
    .execute();
}

async function remindOfSession(
  deps: Deps,
  bookingId: string,
  startsAt: string,
  reminder: SessionReminder,
) {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    // Read again inside the claim: cancelled or moved since the sweep looked, it is not due.
    const booking = await trx
      .selectFrom("bookings")
      .selectAll()
      .where("id", "=", bookingId)
      .where("status", "=", "confirmed")
      .where("starts_at", "=", startsAt)
      .executeTakeFirst();
    if (!booking) return false;
    const row = { subject_id: bookingId, reminder, due_for: startsAt, outcome: "sent" as const };
    if (!(await claimReminder(trx, row, now))) return false;
    const kind = bookedSession(booking);
    const content = bookingReminderEmail({
      title: kind.title,
      minutes: kind.minutes,
      when: sessionTimeLabel(new Date(booking.starts_at), booking.time_zone),
      lead: reminder,
      ...(await bookerFactsOf(trx, deps, booking)),
    });
    await enqueueEmail(
      trx,
      {
        purpose: `booking.reminder-${reminder}`,
        to: booking.email,
        from: deps.config.MAIL_FROM,
        ...content,
      },
      { now },
    );
    return true;
  });
}

function unbookedOrders(db: Kysely<Database>, now: Date) {
  return unbookedPaidOrders(db)
    .where("paid_at", "<=", new Date(now.getTime() - unbookedAfterMs).toISOString())
    .where("paid_at", ">", new Date(now.getTime() - unbookedUntilMs).toISOString())
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("booking_reminders")
            .select("booking_reminders.subject_id")
            .whereRef("booking_reminders.subject_id", "=", "orders.id")
            .where("booking_reminders.reminder", "=", "unbooked-48h"),
        ),
      ),
    )
    .limit(batchSize)
    .execute();
}

async function remindOfOrder(
  { db, clock, config }: Deps,
  order: { id: string; email: string; first_name: string | null; paid_at: string | null },
) {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const row = {
      subject_id: order.id,
      reminder: "unbooked-48h" as const,
      due_for: order.paid_at!,
      outcome: "sent" as const,
    };
    const booked = await trx
      .selectFrom("bookings")
      .select("id")
      .where("order_id", "=", order.id)
      .where("status", "not in", ["cancelled", "expired"])
      .executeTakeFirst();
    if (booked || !(await claimReminder(trx, row, now))) return false;
    const content = unbookedSessionReminderEmail({
      name: order.first_name || "there",
      bookingUrl: orderBookingUrl(config, order.id),
      contactEmail: config.CONTACT_EMAIL,
    });
    await enqueueEmail(
      trx,
      { purpose: "booking.unbooked-reminder", to: order.email, from: config.MAIL_FROM, ...content },
      { now },
    );
    return true;
  });
}
