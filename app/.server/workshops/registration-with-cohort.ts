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
  return { registration, event: await cohortById(db, registration.event_id) };
}

/** The cohort a registration or a waiting-list row names: it exists (a foreign key). */
export function cohortById(db: Kysely<Database>, id: string) {
  return db
    .selectFrom("workshop_events")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}
