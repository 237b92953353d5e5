import type { Kysely } from "kysely";
import type { Database } from "../core/db/schema";

/**
 * What the owner sees of one cohort: every registration with what was paid and what is still
 * due, and the waiting list in its order with each offer's state.
 */
export async function cohortConsole(db: Kysely<Database>, eventId: string) {
  const registrations = await db
    .selectFrom("workshop_registrations")
    .select([
      "id",
      "name",
      "email",
      "person_id",
      "status",
      "payment",
      "price_cents",
      "amount_paid_cents",
      "balance_paid_cents",
      "refunded_cents",
      "credit_cents",
      "hold_expires_at",
      "paid_at",
      "created_at",
      "letters_stopped_at",
      "balance_refunded_cents",
    ])
    .where("event_id", "=", eventId)
    .orderBy("created_at")
    .execute();
  const waitlist = await db
    .selectFrom("workshop_waitlist")
    .select([
      "id",
      "name",
      "email",
      "status",
      "reason",
      "offered_at",
      "offer_expires_at",
      "created_at",
    ])
    .where("event_id", "=", eventId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return {
    attendees: registrations.map((registration) => ({
      ...registration,
      // The first payment: the deposit, or the whole price when paid in full at once.
      depositCents: registration.amount_paid_cents - registration.balance_paid_cents,
      balanceCents:
        registration.status === "paid"
          ? Math.max(0, registration.price_cents - registration.amount_paid_cents)
          : null,
    })),
    waitlist,
  };
}
