import type { Kysely } from "kysely";
import type { Database } from "../core/db/schema";
import type { AudienceGroup } from "../broadcasts";
import { cohortFacts } from "./cohort-terms";

/** The kind of broadcast group a cohort's attendees are (`workshop-cohort:<cohort id>`). */
export const cohortGroupKind = "workshop-cohort";

export function cohortGroupKey(cohortId: string) {
  return `${cohortGroupKind}:${cohortId}`;
}

/**
 * "Write to this cohort" (issue 37 point 7, decision 265): the broadcasts send to the people
 * holding a paid seat now, not the waiting list, not anyone who stopped this cohort's letters.
 * Their link stops this cohort's letters only: the seat, the receipts, the balance request and
 * the reminders are the registration's own and go on.
 */
export const cohortAttendeesGroup: AudienceGroup = {
  async describe(db, cohortId) {
    const cohort = await db
      .selectFrom("workshop_events")
      .selectAll()
      .where("id", "=", cohortId)
      .where("seats", "is not", null)
      .executeTakeFirst();
    if (!cohort) return undefined;
    const { title, when, place } = cohortFacts(cohort);
    return `Attendees of ${title}, ${when}, ${place}`;
  },
  members(db: Kysely<Database>, cohortId: string) {
    return db
      .selectFrom("workshop_registrations")
      .select((eb) => eb.ref("person_id").$notNull().as("person_id"))
      .distinct()
      .where("event_id", "=", cohortId)
      .where("status", "=", "paid")
      .where("person_id", "is not", null)
      .where("letters_stopped_at", "is", null) as ReturnType<AudienceGroup["members"]>;
  },
  async leave(trx, cohortId, { personId, now }) {
    await trx
      .updateTable("workshop_registrations")
      .set({ letters_stopped_at: now.toISOString() })
      .where("event_id", "=", cohortId)
      .where("person_id", "=", personId)
      .where("letters_stopped_at", "is", null)
      .execute();
  },
};
