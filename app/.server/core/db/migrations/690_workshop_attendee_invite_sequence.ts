import type { Kysely } from "kysely";

/**
 * The last SEQUENCE an attendee's calendar was sent (issue 49): a cancellation's CANCEL is one
 * above it and above the cohort's, and is stored, so no later invite can go backwards.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("workshop_registrations")
    .addColumn("invite_sequence", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
}
