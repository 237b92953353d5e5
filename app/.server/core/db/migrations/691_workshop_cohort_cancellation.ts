import type { Kysely } from "kysely";

/**
 * A cohort the owner cancelled (issue 49): when, so it takes no registrations and leaves the
 * site's lists, while its attendees' refunds and CANCEL invites stay on record.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("workshop_events").addColumn("cancelled_at", "text").execute();
}
