import { eraseAttributionsOfPerson } from "../analytics";
import type { Clock } from "../core/clock";
import type { Db } from "../core/db/database";
import { recordAdminAction } from "../core/audit-log";
import type { ListName } from "~/lib/lists";

type ActionDeps = { db: Db; clock: Clock };

/** Takes the person off a list, as if they had used the unsubscribe link. */
export async function unsubscribePerson(
  { db, clock }: ActionDeps,
  { personId, list, actor }: { personId: string; list: ListName; actor: string },
): Promise<"unsubscribed" | "not-subscribed"> {
  const now = clock.now().toISOString();
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("list_memberships")
      .set({ status: "unsubscribed", unsubscribed_at: now, updated_at: now })
      .where("person_id", "=", personId)
      .where("list", "=", list)
      .where("status", "!=", "unsubscribed")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return "not-subscribed";
    await recordAdminAction(trx, {
      actor,
      action: "person.unsubscribe",
      subject: personId,
      detail: { list },
      now: clock.now(),
    });
    return "unsubscribed";
  });
}

/**
 * Erases a person: their messages, list memberships, the emails addressed to them and the record
 * itself. Orders stay for the accounts, with every personal field blanked. One transaction.
 */
export async function erasePerson(
  { db, clock }: ActionDeps,
  { personId, actor }: { personId: string; actor: string },
): Promise<"erased" | "not-found"> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const person = await trx
      .selectFrom("people")
      .select("email_key")
      .where("id", "=", personId)
      .executeTakeFirst();
    if (!person) return "not-found";
    const messages = await trx
      .deleteFrom("contact_messages")
      .where("person_id", "=", personId)
      .executeTakeFirst();
    await trx.deleteFrom("list_memberships").where("person_id", "=", personId).execute();
    await eraseAttributionsOfPerson(trx, personId);
    // The broadcasts' counts lose this reader; their emails go with the rest below.
    await trx.deleteFrom("broadcast_deliveries").where("person_id", "=", personId).execute();
    const emails = await trx
      .deleteFrom("outbox_emails")
      .where((eb) => eb(eb.fn("lower", ["to_address"]), "=", person.email_key))
      .executeTakeFirst();
    const orders = await trx
      .updateTable("orders")
      .set({
        email: "erased",
        first_name: null,
        last_name: null,
        billing_address: null,
        person_id: null,
        updated_at: now.toISOString(),
      })
      .where("person_id", "=", personId)
      .executeTakeFirst();
    await trx.deleteFrom("people").where("id", "=", personId).execute();
    // The log names the record, not the person: nothing personal outlives the erasure.
    await recordAdminAction(trx, {
      actor,
      action: "person.erase",
      subject: personId,
      detail: {
        messages: Number(messages.numDeletedRows),
        emails: Number(emails.numDeletedRows),
        ordersKept: Number(orders.numUpdatedRows),
      },
      now,
    });
    return "erased";
  });
}

/** Records that everything held about a person was exported (an access request). */
export async function recordPersonExport(
  { db, clock }: ActionDeps,
  { personId, actor }: { personId: string; actor: string },
) {
  await recordAdminAction(db, {
    actor,
    action: "person.export",
    subject: personId,
    now: clock.now(),
  });
}
