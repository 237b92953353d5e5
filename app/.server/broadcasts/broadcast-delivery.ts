import type { OutboxEmailTable } from "../core/db/schema";
import type { BulkCompletion } from "../mail";
import type { ServiceDeps } from "../core/service-deps";
import { isStillRecipient } from "./audience";
import { deliveryUnsubscribeToken, personalise } from "./broadcast-content";
import { audienceOf } from "./broadcast-drafts";

type Frozen = { html: string; text: string };

/**
 * What the outbox worker asks just before a broadcast email goes out: is the reader still on the
 * list (an unsubscribe or a bounce since queueing stops the email), is the broadcast still on, and
 * then their own copy. Frozen content never changes, so it is read once per broadcast.
 */
export function broadcastCompletion({ db, config }: Pick<ServiceDeps, "db" | "config">) {
  const frozenById = new Map<string, Frozen>();
  return async (email: OutboxEmailTable): Promise<BulkCompletion> => {
    const delivery = await db
      .selectFrom("broadcast_deliveries as delivery")
      .innerJoin("broadcasts", "broadcasts.id", "delivery.broadcast_id")
      .select([
        "delivery.id",
        "delivery.person_id",
        "broadcasts.id as broadcastId",
        "broadcasts.status",
        "broadcasts.audience_list",
        "broadcasts.audience_interests",
      ])
      .where("delivery.outbox_email_id", "=", email.id)
      .executeTakeFirst();
    if (!delivery) return { skip: "No delivery for this email" };
    if (delivery.status === "cancelled") return { skip: "Broadcast cancelled" };
    if (delivery.status === "paused") return { hold: "Broadcast paused" };
    if (!(await isStillRecipient(db, audienceOf(delivery), delivery.person_id)))
      return { skip: "No longer on the list (unsubscribed or bounced)" };
    let frozen = frozenById.get(delivery.broadcastId);
    if (!frozen) {
      const row = await db
        .selectFrom("broadcasts")
        .select(["frozen_html", "frozen_text"])
        .where("id", "=", delivery.broadcastId)
        .executeTakeFirstOrThrow();
      frozen = { html: row.frozen_html ?? "", text: row.frozen_text ?? "" };
      // A long-running process sends many broadcasts; keep the latest few.
      if (frozenById.size >= 20) frozenById.delete(frozenById.keys().next().value!);
      frozenById.set(delivery.broadcastId, frozen);
    }
    return { send: personalise(config, frozen, deliveryUnsubscribeToken(config, delivery.id)) };
  };
}
