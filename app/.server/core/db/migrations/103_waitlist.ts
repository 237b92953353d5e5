import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("waitlist_signups")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("email_key", "text", (column) => column.notNull().unique())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("confirmation_sent_at", "text")
    .addColumn("confirmed_at", "text")
    // Set once the 'now available' email is queued: it is never queued twice.
    .addColumn("notified_at", "text")
    .execute();
}
