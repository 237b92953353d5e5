import type { Kysely } from "kysely";

/**
 * A newsletter or waitlist signup as received, written before the answer for every address
 * (issue 20 point 6): the membership work runs after the answer and deletes the row; a row left by
 * a failure there is replayed, so a database fault after the answer loses no signup.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("signup_requests")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("email_key", "text", (column) => column.notNull())
    /** The `MembershipRequest` as JSON. */
    .addColumn("request", "text", (column) => column.notNull())
    .addColumn("received_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("signup_requests_received_at")
    .on("signup_requests")
    .column("received_at")
    .execute();
}
