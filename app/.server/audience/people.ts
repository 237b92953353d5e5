import { ianaTimeZone } from "~/lib/time-zone-field";
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../core/db/schema";
import { emailKey } from "../core/email-key";

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

/**
 * The person with this address, created on first sight; a later sighting moves `last_seen_at` on
 * and fills in a name given now. Call it in the transaction that stores what they sent.
 */
export async function rememberPerson(trx: Kysely<Database>, sighting: Sighting): Promise<string> {
  const at = sighting.now.toISOString();
  const { id } = await trx
    .insertInto("people")
    .values({
      id: randomUUID(),
      email: sighting.email.trim(),
      email_key: emailKey(sighting.email),
      first_name: sighting.firstName ?? null,
      last_name: sighting.lastName ?? null,
      source: sighting.source,
      first_seen_at: at,
      last_seen_at: at,
      time_zone: ianaTimeZone(sighting.timeZone) ?? null,
    })
    .onConflict((conflict) =>
      conflict.column("email_key").doUpdateSet((eb) => ({
        last_seen_at: at,
        // The zone their browser gave last (a move, a trip home): their morning from now on.
        time_zone: eb.fn.coalesce("excluded.time_zone", "people.time_zone"),
        first_name: eb.fn.coalesce("excluded.first_name", "people.first_name"),
        last_name: eb.fn.coalesce("excluded.last_name", "people.last_name"),
      })),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}
