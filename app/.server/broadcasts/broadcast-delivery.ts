import type { OutboxEmailTable } from "../core/db/schema";
import type { BulkCompletion } from "../mail";
import type { ServiceDeps } from "../core/service-deps";
import { stillRecipients } from "./audience";
import { deliveryUnsubscribeToken, frozenSharedBody, personalise } from "./broadcast-content";
import { audienceColumns, audienceOf } from "./broadcast-drafts";
import { probeEmailIds } from "./broadcast-pauses";

type Frozen = { html: string; text: string };

/**
 * What the outbox worker asks just before a batch of broadcast emails goes out: is each reader
 * still on the list (an unsubscribe or a bounce since queueing stops the email), is the broadcast
 * still on, and then their own copy. One read for the batch's deliveries and one per broadcast for
 * who is still on its list, not two per email. Frozen content never changes, so it is read once
 * per broadcast.
 */
export function broadcastCompletion({ db, config }: Pick<ServiceDeps, "db" | "config">) {
  const frozenById = new Map<string, Frozen>();

  async function frozenContent(broadcastId: string) {
    let frozen = frozenById.get(broadcastId);
    if (!frozen) {
      const row = await db
        .selectFrom("broadcasts")
        .select(["frozen_html", "frozen_text"])
        .where("id", "=", broadcastId)
        .executeTakeFirstOrThrow();
      frozen = { html: row.frozen_html ?? "", text: row.frozen_text ?? "" };
      // A long-running process sends many broadcasts; keep the latest few.
      if (frozenById.size >= 20) frozenById.delete(frozenById.keys().next().value!);
      frozenById.set(broadcastId, frozen);
    }
    return frozen;
  }

  return async (emails: OutboxEmailTable[]): Promise<Map<string, BulkCompletion>> => {
    const completions = new Map<string, BulkCompletion>();
    if (emails.length === 0) return completions;
    const deliveries = await db
      .selectFrom("broadcast_deliveries as delivery")
      .innerJoin("broadcasts", "broadcasts.id", "delivery.broadcast_id")
      .select([
        "delivery.id",
        "delivery.person_id",
        "broadcasts.id as broadcastId",
        "broadcasts.status",
        ...audienceColumns,
      ])
      // A delivery shares its email's id (migration 325).
      .where(
        "delivery.id",
        "in",
        emails.map((email) => email.id),
      )
      .execute();
    const byBroadcast = new Map<string, typeof deliveries>();
    for (const delivery of deliveries) {
      const group = byBroadcast.get(delivery.broadcastId);
      if (group) group.push(delivery);
      else byBroadcast.set(delivery.broadcastId, [delivery]);
    }
    for (const [broadcastId, entire] of byBroadcast) {
      const status = entire[0]!.status;
      let group = entire;
      if (status === "cancelled" || status === "paused") {
        // A paused broadcast lets its probe through: one email to find out whether the provider
        // accepts again (see probePausedBroadcasts).
        const probes =
          status === "paused"
            ? await probeEmailIds(
                db,
                entire.map((delivery) => delivery.id),
              )
            : new Set<string>();
        for (const delivery of entire) {
          if (probes.has(delivery.id)) continue;
          completions.set(
            delivery.id,
            status === "paused" ? { hold: "Broadcast paused" } : { skip: "Broadcast cancelled" },
          );
        }
        group = entire.filter((delivery) => probes.has(delivery.id));
        if (group.length === 0) continue;
      }
      const stillOn = await stillRecipients(
        db,
        audienceOf(group[0]!),
        group.map((delivery) => delivery.person_id),
      );
      const frozen = await frozenContent(broadcastId);
      for (const delivery of group) {
        if (!stillOn.has(delivery.person_id)) {
          completions.set(delivery.id, { skip: "No longer on the list (unsubscribed or bounced)" });
          continue;
        }
        const token = deliveryUnsubscribeToken(config, delivery.id);
        completions.set(delivery.id, {
          send: {
            ...personalise(config, frozen, token),
            sharedBody: frozenSharedBody(frozen, token),
          },
        });
      }
    }
    for (const email of emails) {
      if (!completions.has(email.id))
        completions.set(email.id, { skip: "No delivery for this email" });
    }
    return completions;
  };
}
