import { recordAdminAction } from "../core/audit-log";
import type { Db } from "../core/db/database";
import { logFailure } from "../core/logger";
import type { PaymentDeps, ServiceDeps } from "../core/service-deps";
import { enqueueEmail } from "../mail";
import { workshopInvite } from "./attendee-invites";
import { enqueueCancelledEmail } from "./cancelled-email";
import { cancelUrl, refundPayments } from "./cancellation";
import { cohortFacts, eventsToday } from "./cohort-terms";
import { workshopChangedTemplate } from "./emails/workshop-emails";
import { lockCohort } from "./seats";
import type { WorkshopEventTable } from "./workshops-tables";

/**
 * A cohort's dates or place changed: every attendee holding a seat (a deposit or paid in full)
 * gets an email with the invite that replaces theirs (same UID, the cohort's raised SEQUENCE),
 * queued in the change's transaction. Those still in Checkout get the new invite when they pay.
 */
export async function tellAttendeesOfMove(
  trx: Db,
  deps: Pick<ServiceDeps, "config" | "clock">,
  before: WorkshopEventTable,
  after: WorkshopEventTable,
) {
  const attendees = await trx
    .selectFrom("workshop_registrations")
    .select(["id", "name", "email", "invite_sequence"])
    .where("event_id", "=", after.id)
    .where("status", "=", "paid")
    .orderBy("created_at")
    .execute();
  const was = cohortFacts(before);
  const now = deps.clock.now();
  for (const attendee of attendees) {
    await enqueueEmail(
      trx,
      {
        purpose: "workshop.changed",
        to: attendee.email,
        from: deps.config.MAIL_FROM,
        replyTo: deps.config.CONTACT_EMAIL,
        ...workshopChangedTemplate.compose({
          ...cohortFacts(after),
          name: attendee.name,
          was: `${was.when}, ${was.place}`,
          hours: "9:00am to 5:00pm each day",
          invite: workshopInvite(after, attendee, deps),
          cancelUrl: cancelUrl(deps, attendee.id),
          contactEmail: deps.config.CONTACT_EMAIL,
        }),
      },
      { now },
    );
  }
  return attendees.length;
}

export type CancelCohortOutcome =
  | { outcome: "cancelled"; attendees: number }
  | { outcome: "not-found" | "not-a-cohort" | "already-cancelled" | "started" | "provider-failed" };

/**
 * The owner cancels a cohort before it begins, in one transaction under its lock: it takes no
 * more registrations, every attendee's payments are refunded in full through Stripe (idempotency
 * keys per payment, so a failure rolls all back and pressing again repeats it safely), each is
 * told with the CANCEL invite, and the waiting list is closed. Checkouts still open are ended
 * afterwards; one paid meanwhile is refunded when its payment arrives.
 */
export async function cancelCohort(
  deps: PaymentDeps,
  { eventId, actor }: { eventId: string; actor: string },
): Promise<CancelCohortOutcome> {
  const now = deps.clock.now();
  let outcome: CancelCohortOutcome;
  let openSessions: string[] = [];
  try {
    outcome = await deps.db.transaction().execute(async (trx): Promise<CancelCohortOutcome> => {
      const found = await trx
        .selectFrom("workshop_events")
        .selectAll()
        .where("id", "=", eventId)
        .executeTakeFirst();
      if (!found) return { outcome: "not-found" };
      if (found.seats === null) return { outcome: "not-a-cohort" };
      await lockCohort(trx, eventId);
      if (found.start_date <= eventsToday(now)) return { outcome: "started" };
      const claimed = await trx
        .updateTable("workshop_events")
        .set({
          cancelled_at: now.toISOString(),
          sold: 0,
          updated_at: now.toISOString(),
        })
        .where("id", "=", eventId)
        .where("cancelled_at", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return { outcome: "already-cancelled" };
      const attendees = await trx
        .selectFrom("workshop_registrations")
        .selectAll()
        .where("event_id", "=", eventId)
        .where("status", "=", "paid")
        .orderBy("created_at")
        .execute();
      for (const attendee of attendees) {
        const refundId = await refundPayments(deps.stripe, attendee);
        await trx
          .updateTable("workshop_registrations")
          .set({
            status: "cancelled",
            cancelled_at: now.toISOString(),
            refunded_cents: attendee.amount_paid_cents,
            stripe_refund_id: refundId,
            updated_at: now.toISOString(),
          })
          .where("id", "=", attendee.id)
          .execute();
        await enqueueCancelledEmail(trx, deps, {
          event: found,
          registration: attendee,
          outcome: "cohort",
          cents: attendee.amount_paid_cents,
          now,
        });
      }
      await trx
        .updateTable("workshop_waitlist")
        .set({ status: "removed", updated_at: now.toISOString() })
        .where("event_id", "=", eventId)
        .where("status", "in", ["waiting", "offered"])
        .execute();
      const held = await trx
        .selectFrom("workshop_registrations")
        .select("stripe_session_id")
        .where("event_id", "=", eventId)
        .where("status", "=", "held")
        .execute();
      openSessions = held.flatMap((row) => (row.stripe_session_id ? [row.stripe_session_id] : []));
      await recordAdminAction(trx, {
        actor,
        action: "workshops.cohort-cancelled",
        subject: eventId,
        detail: { title: found.title, attendees: attendees.length },
        now,
      });
      return { outcome: "cancelled", attendees: attendees.length };
    });
  } catch (error) {
    logFailure("workshop cohort cancellation not completed", error);
    return { outcome: "provider-failed" };
  }
  if (outcome.outcome !== "cancelled") return outcome;
  deps.outbox.wake();
  // Nobody can pay for a seat in a cancelled cohort: the Checkouts still open are ended (their
  // expiry notice then frees the hold); one that fails here lapses at its time anyway.
  for (const sessionId of openSessions) {
    try {
      await deps.stripe.checkout.sessions.expire(sessionId);
    } catch (error) {
      logFailure("workshop checkout not ended after its cohort was cancelled", error);
    }
  }
  return outcome;
}
