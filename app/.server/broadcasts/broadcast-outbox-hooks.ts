import { markBounced } from "../audience";
import type { ServiceDeps } from "../core/service-deps";
import type { OutboxHooks } from "../mail";
import { broadcastCompletion } from "./broadcast-delivery";
import { randomUUID } from "node:crypto";
import { pauseBroadcast, refusalCode } from "./broadcast-pauses";

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
    // A broadcast paused for refusals for now probes and resumes by itself.
    stormPauses: () => true,
    async bulkRefused(trx, { email, failure, now, outcome }) {
      // A row per refused attempt, never updated: the report's refusals and retries outlive the
      // emails' own state.
      await trx
        .insertInto("broadcast_refusals")
        .values({
          id: randomUUID(),
          broadcast_id: email.broadcast_id!,
          email_id: email.id,
          refused_at: now.toISOString(),
          refusal_class: failure.kind,
          code: refusalCode(failure),
          outcome,
        })
        .execute();
    },
  };
}
