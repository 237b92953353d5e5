import { randomUUID } from "node:crypto";
import type { Db } from "~/.server/core/db/database";
import type { ListName } from "~/lib/lists";

/** A `people` row as a signup writes it, at `at` (ISO). */
export function personRow({
  id,
  email,
  at,
  timeZone = null,
}: {
  id: string;
  email: string;
  at: string;
  timeZone?: string | null;
}) {
  return {
    id,
    email,
    email_key: email.toLowerCase(),
    first_name: null,
    last_name: null,
    source: "/signup",
    first_seen_at: at,
    last_seen_at: at,
    bounced_at: null,
    bounce_reason: null,
    time_zone: timeZone,
  };
}

/**
 * A person as a signup leaves them, written straight to the tables: confirmed on each of `lists`
 * (none: a person with no membership, such as a buyer). Resolves with their id.
 */
export async function seedPerson(
  db: Db,
  {
    email,
    now,
    timeZone = null,
    lists = [],
  }: { email: string; now: Date; timeZone?: string | null; lists?: ListName[] },
) {
  const id = randomUUID();
  const at = now.toISOString();
  await db.insertInto("people").values(personRow({ id, email, at, timeZone })).execute();
  for (const list of lists)
    await db
      .insertInto("list_memberships")
      .values({
        id: randomUUID(),
        person_id: id,
        list,
        status: "confirmed",
        interests: "[]",
        source: "/signup",
        consent_text: "Yes",
        consented_at: at,
        confirmation_sent_at: at,
        confirmed_at: at,
        unsubscribed_at: null,
        notified_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  return id;
}
