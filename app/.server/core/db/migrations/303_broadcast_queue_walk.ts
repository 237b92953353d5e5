import type { Kysely } from "kysely";

/**
 * Queueing walks a list's confirmed members in person-id order, a batch at a time: with this
 * index each batch is a range read, not a sort of the whole list (100,000 members queued in
 * seconds, not minutes).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createIndex("list_memberships_queue_walk")
    .on("list_memberships")
    .columns(["list", "status", "person_id"])
    .execute();
}
