import type { Kysely } from "kysely";

/**
 * Indexes for the console's people list at 100,000 people (issue 20 point 7, decision 084): its
 * order (most recently seen first, the id breaking ties) walked from an index that also holds the
 * id, so a deep page skips index entries instead of sorting the table; the source and date
 * filters; and the interest filter read from an index (list, status, interests, person id)
 * rather than from each membership's row.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.dropIndex("people_last_seen").execute();
  await db.schema
    .createIndex("people_last_seen_id")
    .on("people")
    .columns(["last_seen_at", "id"])
    .execute();
  await db.schema
    .createIndex("people_source_last_seen")
    .on("people")
    .columns(["source", "last_seen_at", "id"])
    .execute();
  await db.schema.createIndex("people_first_seen").on("people").column("first_seen_at").execute();
  await db.schema
    .createIndex("list_memberships_interests")
    .on("list_memberships")
    .columns(["list", "status", "interests", "person_id"])
    .execute();
}
