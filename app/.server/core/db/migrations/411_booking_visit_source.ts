import type { Kysely } from "kysely";

/**
 * Where the visit that asked for a free call came from (the form's `attribution` field, as JSON):
 * the call counts as a booking only when its email confirms it, from a link with no source.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("bookings").addColumn("visit_source", "text").execute();
}
