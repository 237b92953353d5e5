import type { Kysely } from "kysely";

/**
 * The booking reminders claimed (decision 081): one row per reminder per session time, inserted
 * in the transaction that queues its email, so two instances or a restart send it once. Keyed by
 * the session's start too: a moved session's reminders are due again for its new time.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("booking_reminders")
    // The booking (24h, 1h) or the paid order not booked (unbooked-48h) it reminds of.
    .addColumn("subject_id", "text", (column) => column.notNull())
    .addColumn("reminder", "text", (column) => column.notNull())
    // The session's start (or the order's payment) the reminder was due for.
    .addColumn("due_for", "text", (column) => column.notNull())
    // 'sent', or 'covered' when a confirmation or move email inside the window said it already.
    .addColumn("outcome", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("booking_reminders_once", ["subject_id", "reminder", "due_for"])
    .execute();
}
