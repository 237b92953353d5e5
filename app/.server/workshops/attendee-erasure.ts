import type { Kysely } from "kysely";
import type { Database } from "../core/db/schema";
import type { PersonEvent } from "../core/person-events";

/** What an erased attendee's registration keeps in place of their name and address. */
const erasedMark = "erased";

/**
 * An erasure reaches the workshops in its own transaction (`audience/erasure.ts` emits it before
 * the person's record goes): registrations stay for the accounts and the seat counts with their
 * name and address blanked, as orders do; waiting-list places, which hold nothing else, go.
 */
export async function eraseWorkshopAttendee(trx: Kysely<Database>, event: PersonEvent) {
  if (event.kind !== "erased") return;
  const person = await trx
    .selectFrom("people")
    .select("email_key")
    .where("id", "=", event.personId)
    .executeTakeFirst();
  if (!person) return;
  await trx
    .updateTable("workshop_registrations")
    .set({
      name: erasedMark,
      email: erasedMark,
      person_id: null,
      updated_at: event.now.toISOString(),
    })
    .where((eb) =>
      eb.or([
        eb("person_id", "=", event.personId),
        eb(eb.fn("lower", ["email"]), "=", person.email_key),
      ]),
    )
    .execute();
  await trx
    .deleteFrom("workshop_waitlist")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", person.email_key))
    .execute();
}
