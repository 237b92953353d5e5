import { emitPersonEvent } from "../../core/person-events";
import type { Clock } from "../../core/clock";
import type { Db } from "../../core/db/database";
import { recordAdminAction } from "../../core/audit-log";
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
    // Their sequences of this list stop with it (decision 170).
    await emitPersonEvent(trx, { kind: "list-left", personId, list, now: clock.now() });
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
