import type { Kysely } from "kysely";

/**
 * The workshop's remaining terms (issue 37, decision 220): when each cohort asks for its balance
 * and until when a cancellation is refunded in full; per registration what the balance brought
 * and what a cancellation gave back; and one row per email sent on a schedule (balance request,
 * its chase, the week and day reminders), inserted in the transaction that queues the email, so
 * two instances or a restart send it once.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("workshop_events")
    .addColumn("balance_due_days", "integer", (column) => column.notNull().defaultTo(30))
    .execute();
  await db.schema.alterTable("workshop_events").addColumn("full_refund_until", "text").execute();
  for (const [name, type] of [
    ["balance_session_id", "text"],
    ["balance_payment_intent_id", "text"],
    ["balance_paid_at", "text"],
    ["cancelled_at", "text"],
  ] as const) {
    await db.schema.alterTable("workshop_registrations").addColumn(name, type).execute();
  }
  for (const name of ["balance_paid_cents", "refunded_cents", "credit_cents"]) {
    await db.schema
      .alterTable("workshop_registrations")
      .addColumn(name, "integer", (column) => column.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .createTable("workshop_notices")
    .addColumn("registration_id", "text", (column) => column.notNull())
    // balance-request | balance-chase | reminder-week | reminder-day
    .addColumn("notice", "text", (column) => column.notNull())
    // The cohort's first day it was due for: a moved cohort's reminders are due again.
    .addColumn("due_for", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("workshop_notices_once", ["registration_id", "notice", "due_for"])
    .execute();
}
