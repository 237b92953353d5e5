import type { Kysely } from "kysely";

/**
 * The broadcast throttle's token bucket, shared by every instance (issue 21): its tokens (in
 * thousandths) and when it was last filled. One row per bucket; the calendar-minute counter it
 * replaces let 340 of a 600-a-minute limit out in ten seconds.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("send_token_buckets")
    .addColumn("name", "text", (column) => column.primaryKey())
    .addColumn("milli_tokens", "integer", (column) => column.notNull())
    .addColumn("filled_at", "text", (column) => column.notNull())
    .execute();
}
