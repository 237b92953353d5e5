import { markBounced } from "../audience";
import type { ServiceDeps } from "../core/service-deps";
import type { OutboxHooks } from "../mail";
import { broadcastCompletion } from "./broadcast-delivery";
import { pauseBroadcast } from "./broadcast-pauses";

/**
 * What broadcasts register with the outbox: each reader's copy at send time, a refused address
 * marks its person bounced (any email's, so later broadcasts leave them out) and the broadcast's
 * delivery counted as bounced, and a refused or refusal-heavy broadcast pauses.
 */
export function broadcastOutboxHooks(deps: Pick<ServiceDeps, "db" | "config">): OutboxHooks {
  return {
    completeBulk: broadcastCompletion(deps),
    async addressRefused(trx, { email, failure, now }) {
      await markBounced(trx, { address: email.to_address, reason: failure.words, now });
      if (!email.broadcast_id) return;
      await trx
        .updateTable("broadcast_deliveries")
        .set({ bounced_at: now.toISOString() })
        // A delivery shares its email's id (migration 325).
        .where("id", "=", email.id)
        .execute();
    },
    bulkPaused: (trx, pause) => pauseBroadcast(trx, deps.config, pause),
  };
}
