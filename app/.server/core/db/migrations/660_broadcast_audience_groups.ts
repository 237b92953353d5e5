import type { Kysely } from "kysely";

/**
 * A broadcast may go to a group another capability names (decision 265): a workshop cohort's
 * attendees. The broadcast keeps the group's key and its label as the owner saw it; an attendee
 * who stops a cohort's letters is marked on their registration.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("broadcasts").addColumn("audience_group", "text").execute();
  await db.schema.alterTable("broadcasts").addColumn("audience_group_label", "text").execute();
  await db.schema
    .alterTable("workshop_registrations")
    .addColumn("letters_stopped_at", "text")
    .execute();
}
