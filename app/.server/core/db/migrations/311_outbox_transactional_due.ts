import { sql, type Kysely } from "kysely";

/**
 * The transactional claim walks due emails in `next_attempt_at` order: on the `(status,
 * next_attempt_at)` index it stepped over every pending bulk email first (100,000 rows read per
 * claim while a broadcast waits, the delivery rate fell to 5 emails/s). This index holds the
 * transactional emails only (decision 087).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createIndex("outbox_emails_transactional_due")
    .on("outbox_emails")
    .columns(["status", "next_attempt_at"])
    .where(sql.ref("broadcast_id"), "is", null)
    .execute();
}
