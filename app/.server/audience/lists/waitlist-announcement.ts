import { enqueueEmail } from "../../mail";
import { nowAvailableEmail } from "../emails/waitlist-emails";
import type { ServiceDeps } from "../../core/service-deps";

/**
 * Once sales are open, queues one 'now available' email per confirmed waitlist member. Each is
 * claimed with a conditional UPDATE on notified_at in the transaction that queues its email, so
 * running this again, or on two instances at once, never sends twice.
 */
export async function notifyWaitlist(deps: ServiceDeps): Promise<number> {
  const { db, clock, config } = deps;
  if (!config.SALES_OPEN) return 0;
  const waiting = await db
    .selectFrom("list_memberships")
    .innerJoin("people", "people.id", "list_memberships.person_id")
    .select(["list_memberships.id", "people.email"])
    .where("list_memberships.list", "=", "waitlist")
    .where("list_memberships.status", "=", "confirmed")
    .where("list_memberships.notified_at", "is", null)
    .execute();
  let queued = 0;
  for (const member of waiting) {
    const now = clock.now();
    const claimed = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("list_memberships")
        .set({ notified_at: now.toISOString() })
        .where("id", "=", member.id)
        .where("notified_at", "is", null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return false;
      await enqueueEmail(
        trx,
        {
          purpose: "waitlist.now-available",
          to: member.email,
          from: config.MAIL_FROM,
          ...nowAvailableEmail({ buyUrl: `${config.SITE_URL}/buy-now` }),
        },
        { now },
      );
      return true;
    });
    if (claimed) queued += 1;
  }
  if (queued > 0) deps.outbox.wake();
  return queued;
}
