import type { Kysely } from "kysely";
import type { Database } from "../../core/db/schema";

/**
 * A person's erasure, booking's part: every session they booked goes, past and coming (a coming
 * one frees its time). Nothing about a session is needed for the accounts: a paid session's
 * order stays, blanked, with the orders.
 *
 * It lives here beside the other steps (which blank orders and broadcasts' tables as well), not
 * in booking: booking stands on audience (a booker is remembered as a person), so audience
 * reaching back into booking would make the two capabilities one circle.
 */
export async function eraseBookingsOf(
  trx: Kysely<Database>,
  { personId, emailKey }: { personId: string; emailKey: string },
): Promise<number> {
  // Their reminders' claims name only the session: they go with it.
  await trx
    .deleteFrom("booking_reminders")
    .where("subject_id", "in", (eb) =>
      eb
        .selectFrom("bookings")
        .select("id")
        .where((inner) =>
          inner.or([
            inner("person_id", "=", personId),
            inner(inner.fn("lower", ["email"]), "=", emailKey),
          ]),
        ),
    )
    .execute();
  const deleted = await trx
    .deleteFrom("bookings")
    .where((eb) =>
      eb.or([eb("person_id", "=", personId), eb(eb.fn("lower", ["email"]), "=", emailKey)]),
    )
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
