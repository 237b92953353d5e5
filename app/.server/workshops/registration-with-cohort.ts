import type { Kysely } from "kysely";
import type { Database } from "../core/db/schema";

/** A registration and its cohort, read together (inside a claim, a cancellation, a page). */
export async function registrationWithCohort(db: Kysely<Database>, id: string) {
  const registration = await db
    .selectFrom("workshop_registrations")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!registration) return undefined;
  const event = await db
    .selectFrom("workshop_events")
    .selectAll()
    .where("id", "=", registration.event_id)
    .executeTakeFirstOrThrow();
  return { registration, event };
}
