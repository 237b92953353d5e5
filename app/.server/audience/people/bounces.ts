import type { Kysely } from "kysely";
import type { Database } from "../../core/db/schema";
import { emailKey } from "../../core/email-key";
import { emitPersonEvent } from "../../core/person-events";

/** Marks the person with this address as bounced: later broadcasts leave them out. */
export async function markBounced(
  trx: Kysely<Database>,
  { address, reason, now }: { address: string; reason: string; now: Date },
) {
  await trx
    .updateTable("people")
    .set({ bounced_at: now.toISOString(), bounce_reason: reason.slice(0, 500) })
    .where("email_key", "=", emailKey(address))
    .where("bounced_at", "is", null)
    .execute();
  // Their sequences stop with every email not yet sent (decision 170).
  await emitPersonEvent(trx, { kind: "bounced", emailKey: emailKey(address), now });
}

/**
 * A spam complaint (issue 48): the person leaves every list at once and is marked, in the
 * caller's transaction; their sequences stop with each list (decision 170). Transactional emails
 * (receipts, sign-in links, bookings) are not list mail and still go. Resolves with the lists left.
 */
export async function markComplained(
  trx: Kysely<Database>,
  { personId, now }: { personId: string; now: Date },
) {
  const nowIso = now.toISOString();
  await trx
    .updateTable("people")
    .set({ complained_at: nowIso })
    .where("id", "=", personId)
    .where("complained_at", "is", null)
    .execute();
  const left = await trx
    .updateTable("list_memberships")
    .set({ status: "unsubscribed", unsubscribed_at: nowIso, updated_at: nowIso })
    .where("person_id", "=", personId)
    .where("status", "!=", "unsubscribed")
    .returning(["list"])
    .execute();
  for (const { list } of left)
    await emitPersonEvent(trx, { kind: "list-left", personId, list, now });
  return left.map(({ list }) => list);
}

/**
 * The owner's "lift" of a suppression: the address gets list mail again (once on a list). Resolves
 * with what was lifted, or null when the person was not suppressed.
 */
export async function liftSuppression(trx: Kysely<Database>, { personId }: { personId: string }) {
  const person = await trx
    .selectFrom("people")
    .select(["bounced_at", "bounce_reason", "complained_at"])
    .where("id", "=", personId)
    .executeTakeFirst();
  if (!person || (person.bounced_at === null && !person.complained_at)) return null;
  await trx
    .updateTable("people")
    .set({ bounced_at: null, bounce_reason: null, complained_at: null })
    .where("id", "=", personId)
    .execute();
  return {
    bouncedAt: person.bounced_at,
    bounceReason: person.bounce_reason,
    complainedAt: person.complained_at ?? null,
  };
}
