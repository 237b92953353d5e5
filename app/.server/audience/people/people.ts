import { ianaTimeZone } from "~/lib/time-zone-field";
import { randomUUID } from "node:crypto";
import type { Insertable, Kysely } from "kysely";
import { fixedStatement } from "../../core/db/fixed-statement";
import type { Database } from "../../core/db/schema";
import type { PersonTable } from "../audience-tables";
import { emailKey } from "../../core/email-key";

export type Sighting = {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  /** The page the person wrote, subscribed or bought from. */
  source: string;
  /** The IANA zone their browser gave (a hidden field); kept only when valid. */
  timeZone?: string;
  now: Date;
};

const upsertPerson = fixedStatement<Insertable<PersonTable>, { id: string }>((db, value) =>
  db
    .insertInto("people")
    .values({
      id: value("id"),
      email: value("email"),
      email_key: value("email_key"),
      first_name: value("first_name"),
      last_name: value("last_name"),
      source: value("source"),
      first_seen_at: value("first_seen_at"),
      last_seen_at: value("last_seen_at"),
      time_zone: value("time_zone"),
    })
    .onConflict((conflict) =>
      // Only the sighting's time: anyone can type an address, so its name and zone are the
      // person's own only through their confirmation link or the owner's console (decision 307).
      conflict
        .column("email_key")
        .doUpdateSet((eb) => ({ last_seen_at: eb.ref("excluded.last_seen_at") })),
    )
    .returning("id"),
);

/**
 * The person with this address, created on first sight with the name and zone given; a later
 * sighting only moves `last_seen_at` on. Call it in the transaction that stores what they sent.
 */
export async function rememberPerson(trx: Kysely<Database>, sighting: Sighting): Promise<string> {
  const at = sighting.now.toISOString();
  const { rows } = await upsertPerson(trx, {
    id: randomUUID(),
    email: sighting.email.trim(),
    email_key: emailKey(sighting.email),
    first_name: sighting.firstName ?? null,
    last_name: sighting.lastName ?? null,
    source: sighting.source,
    first_seen_at: at,
    last_seen_at: at,
    time_zone: ianaTimeZone(sighting.timeZone) ?? null,
  });
  return rows[0]!.id;
}
