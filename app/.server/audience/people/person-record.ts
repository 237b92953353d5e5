import { attributionsOfPerson } from "../../analytics";
import type { Db } from "../../core/db/database";

/**
 * Everything held about one person: their record, list memberships, messages, orders, booked
 * sessions, every email addressed to them, and where their leads and sales came from. What the
 * person page shows and an access request exports.
 */
export async function findPersonRecord(db: Db, id: string) {
  const person = await db.selectFrom("people").selectAll().where("id", "=", id).executeTakeFirst();
  if (!person) return undefined;
  const [memberships, messages, orders, emails, attributions, bookings, registrations] =
    await Promise.all([
      db
        .selectFrom("list_memberships")
        .selectAll()
        .where("person_id", "=", id)
        .orderBy("created_at")
        .execute(),
      db
        .selectFrom("contact_messages")
        .selectAll()
        .where("person_id", "=", id)
        .orderBy("created_at")
        .execute(),
      db
        .selectFrom("orders")
        .selectAll()
        .where("person_id", "=", id)
        .orderBy("created_at")
        .execute(),
      db
        .selectFrom("outbox_emails")
        .select([
          "id",
          "purpose",
          "subject",
          "status",
          "attempts",
          "last_error",
          "sent_at",
          "created_at",
        ])
        .where((eb) => eb(eb.fn("lower", ["to_address"]), "=", person.email_key))
        .orderBy("created_at")
        .execute(),
      attributionsOfPerson(db, id),
      db
        .selectFrom("bookings")
        .select([
          "id",
          "kind",
          "status",
          "starts_at",
          "ends_at",
          "time_zone",
          "order_id",
          "created_at",
          "cancelled_at",
        ])
        .where("person_id", "=", id)
        .orderBy("created_at")
        .execute(),
      // Workshop seats (issue 37 point 8), read as the bookings are: by the person's id.
      db
        .selectFrom("workshop_registrations as registration")
        .innerJoin("workshop_events as cohort", "cohort.id", "registration.event_id")
        .select([
          "registration.id",
          "registration.event_id",
          "registration.status",
          "registration.amount_paid_cents",
          "registration.source",
          "registration.created_at",
          "cohort.title",
          "cohort.start_date",
        ])
        .where("registration.person_id", "=", id)
        .orderBy("registration.created_at")
        .execute(),
    ]);
  return { person, memberships, messages, orders, emails, attributions, bookings, registrations };
}

export type PersonRecord = NonNullable<Awaited<ReturnType<typeof findPersonRecord>>>;
