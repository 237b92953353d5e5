import type { Kysely } from "kysely";
import { recordAdminAction } from "../core/audit-log";
import type { AppConfig } from "../core/config";
import type { Database } from "../core/db/schema";
import type { ServiceDeps } from "../core/service-deps";
import { enqueueEmail, releaseBulkBatch } from "../mail";
import { broadcastAttentionEmail } from "./emails/broadcast-attention";

/**
 * Pauses a broadcast the outbox stopped (its emails are already held), in the outbox's
 * transaction, and tells the owner by email. Only the pause that changes the status writes to the
 * owner, so several workers seeing refusals at once send one email.
 */
export async function pauseBroadcast(
  trx: Kysely<Database>,
  config: Pick<AppConfig, "SITE_URL" | "MAIL_FROM" | "OWNER_EMAIL">,
  { batchId, reason, now }: { batchId: string; reason: string; now: Date },
) {
  const nowIso = now.toISOString();
  const paused = await trx
    .updateTable("broadcasts")
    .set({ status: "paused", paused_at: nowIso, pause_reason: reason, updated_at: nowIso })
    .where("id", "=", batchId)
    .where("status", "in", ["queued", "sending"])
    .returning(["subject"])
    .executeTakeFirst();
  if (!paused) return;
  const email = broadcastAttentionEmail({
    subject: paused.subject,
    headline: "Broadcast paused",
    detail: reason,
    next: "Nobody was marked bounced for this. Emails not yet sent are kept; resume the broadcast in the console when the cause is fixed (with your provider, say), or cancel it.",
    consoleUrl: `${config.SITE_URL}/admin/broadcasts/${batchId}`,
  });
  await enqueueEmail(
    trx,
    { purpose: "broadcast.paused", to: config.OWNER_EMAIL, from: config.MAIL_FROM, ...email },
    { now },
  );
}

/**
 * Resumes a paused broadcast: its held emails are due again and queueing continues where it
 * stopped. Resolves "not-paused" when it was not paused (resumed already, cancelled).
 */
export async function resumeBroadcast(
  deps: Pick<ServiceDeps, "db" | "clock" | "outbox"> & { broadcastQueue: { wake(): void } },
  { id, actor }: { id: string; actor: string },
): Promise<"resumed" | "not-paused"> {
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const broadcast = await trx
      .selectFrom("broadcasts")
      .select(["queued_at"])
      .where("id", "=", id)
      .where("status", "=", "paused")
      .executeTakeFirst();
    if (!broadcast) return "not-paused" as const;
    const resumed = await trx
      .updateTable("broadcasts")
      .set({
        status: broadcast.queued_at ? "sending" : "queued",
        paused_at: null,
        pause_reason: null,
        updated_at: nowIso,
      })
      .where("id", "=", id)
      .where("status", "=", "paused")
      .executeTakeFirst();
    if (Number(resumed.numUpdatedRows) === 0) return "not-paused" as const;
    const released = await releaseBulkBatch(trx, id, now);
    await recordAdminAction(trx, {
      actor,
      action: "broadcast.resume",
      subject: id,
      detail: { emailsReleased: released },
      now,
    });
    return "resumed" as const;
  });
  if (outcome === "resumed") {
    deps.broadcastQueue.wake();
    deps.outbox.wake();
  }
  return outcome;
}
