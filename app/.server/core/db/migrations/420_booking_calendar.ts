import type { Kysely } from "kysely";

/**
 * The owner's own calendar (issue 23 point 7), one row: the private feed's token (its hash only)
 * and the busy-times address with the last good copy of its events, shared by every instance.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("booking_calendar")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("feed_token_hash", "text")
    .addColumn("feed_created_at", "text")
    .addColumn("busy_url", "text")
    // The last good copy, expanded over the horizon: JSON [[startMs, endMs], ...].
    .addColumn("busy_times", "text", (column) => column.notNull().defaultTo("[]"))
    .addColumn("busy_fetched_at", "text")
    // The last attempt by any instance: the others wait an interval after it.
    .addColumn("busy_checked_at", "text")
    // What went wrong at the last attempt; NULL once one succeeds.
    .addColumn("busy_error", "text")
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("booking_calendar_feed_token")
    .on("booking_calendar")
    .column("feed_token_hash")
    .unique()
    .execute();
}
