import type { ServiceDeps } from "../core/service-deps";
import { verifyNewsletterToken } from "../audience";
import { audienceLabel, leaveAudience, listsKept, type Audience } from "./audience";
import { audienceColumns, audienceOf } from "./broadcast-drafts";

/** The list a broadcast's unsubscribe link leaves and what else the person is on. */
export type BroadcastUnsubscribePage = { leaves: string; otherLists: string[] };

async function deliveryOf(
  { db, config, clock }: Pick<ServiceDeps, "db" | "config" | "clock">,
  token: string,
) {
  const deliveryId = verifyNewsletterToken(
    config.NEWSLETTER_LINK_SECRET,
    token,
    "broadcast-unsubscribe",
    clock.now(),
  );
  if (!deliveryId) return undefined;
  return db
    .selectFrom("broadcast_deliveries as delivery")
    .innerJoin("broadcasts", "broadcasts.id", "delivery.broadcast_id")
    .select(["delivery.id", "delivery.person_id", ...audienceColumns])
    .where("delivery.id", "=", deliveryId)
    .executeTakeFirst();
}

/** For the page's GET (which changes nothing): undefined when the token is not a broadcast's. */
export async function broadcastUnsubscribePage(
  deps: Pick<ServiceDeps, "db" | "config" | "clock">,
  token: string,
): Promise<BroadcastUnsubscribePage | undefined> {
  const delivery = await deliveryOf(deps, token);
  if (!delivery) return undefined;
  const audience = audienceOf(delivery);
  return {
    leaves: audienceLabel(audience),
    otherLists: await listsKept(deps.db, delivery.person_id, audience),
  };
}

/**
 * The link (or a mail client's one-click POST) of one broadcast email: the person leaves the
 * list that email went to and stays on the others; `everything` leaves every list. Counted on
 * the delivery for the broadcast's report. Saying it twice is harmless.
 */
export async function unsubscribeFromBroadcast(
  deps: Pick<ServiceDeps, "db" | "config" | "clock">,
  { token, everything = false }: { token: string; everything?: boolean },
): Promise<{ outcome: "left"; page: BroadcastUnsubscribePage } | { outcome: "invalid" }> {
  const delivery = await deliveryOf(deps, token);
  if (!delivery) return { outcome: "invalid" };
  const now = deps.clock.now();
  const audience = audienceOf(delivery);
  await deps.db.transaction().execute(async (trx) => {
    const leaving: Audience[] = everything
      ? [
          ...(audience.list === "group" ? [audience] : []),
          { list: "newsletter", interests: [] },
          { list: "waitlist", interests: [] },
        ]
      : [audience];
    for (const list of leaving)
      await leaveAudience(trx, list, { personId: delivery.person_id, now });
    await trx
      .updateTable("broadcast_deliveries")
      .set({ unsubscribed_at: now.toISOString() })
      .where("id", "=", delivery.id)
      .where("unsubscribed_at", "is", null)
      .execute();
  });
  const otherLists = await listsKept(deps.db, delivery.person_id);
  return {
    outcome: "left",
    page: { leaves: everything ? "Every list" : audienceLabel(audience), otherLists },
  };
}
