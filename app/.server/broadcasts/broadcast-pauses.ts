import { randomUUID } from "node:crypto";
import { PostgresAdapter, sql, type Kysely } from "kysely";
import { recordAdminAction } from "../core/audit-log";
import type { AppConfig } from "../core/config";
import type { Db } from "../core/db/database";
import type { Database } from "../core/db/schema";
import type { ServiceDeps } from "../core/service-deps";
import {
  enqueueEmail,
  holdBulkBatch,
  releaseBulkBatch,
  releaseProbeEmail,
  type BulkPause,
} from "../mail";
import type { BroadcastPauseCause } from "./broadcast-tables";
import { broadcastAttentionEmail } from "./emails/broadcast-attention";

type PauseConfig = Pick<
  AppConfig,
  "SITE_URL" | "MAIL_FROM" | "OWNER_EMAIL" | "OUTBOX_RETRY_BASE_MS"
>;

/** The longest wait between two probes of a broadcast paused for a temporary cause. */
const longestProbeWaitMs = 60 * 60_000;

/** How long after a temporary pause (or its `probes`-th probe) the next email is tried. */
export function probeDelayMs(config: Pick<AppConfig, "OUTBOX_RETRY_BASE_MS">, probes: number) {
  return Math.min(longestProbeWaitMs, Math.max(1_000, config.OUTBOX_RETRY_BASE_MS) * 2 ** probes);
}

/** `452 4.3.1`: the code and enhanced status a refusal came with. */
export function refusalCode(failure: { code?: number; status?: string }) {
  if (failure.code === undefined) return null;
  return failure.status ? `${failure.code} ${failure.status}` : String(failure.code);
}

const whatNext: Record<BroadcastPauseCause, string> = {
  block:
    "Nobody was marked bounced for this. Emails not yet sent are kept; resume the broadcast in the console when the cause is fixed (with your provider, say), or cancel it.",
  burst:
    "Nobody else is marked bounced while it is paused. Emails not yet sent are kept; look at the list, then resume the broadcast in the console, or cancel it.",
  complaints:
    "Readers are marking it as spam faster than mailbox providers allow (Gmail and Yahoo ask bulk senders to stay under 0.3 %). Emails not yet sent are kept; look at the letter and at who it goes to, then resume the broadcast in the console, or cancel it.",
  temporary:
    "The provider is refusing for now. Nobody was marked bounced and the emails not yet sent are kept: one of them is tried again after a wait, and the broadcast resumes by itself (you get an email) once it is accepted. You can also resume or cancel it in the console.",
};

/**
 * Pauses a broadcast the outbox stopped (its emails are already held), in the outbox's
 * transaction: a pause row records when and why, and the owner is emailed. Only the pause that
 * changes the status writes, so several workers seeing refusals at once make one row and one
 * email. A block seen while a temporary pause lasts (its probe refused for policy) ends that
 * pause's probing: the owner must act.
 */
export async function pauseBroadcast(trx: Kysely<Database>, config: PauseConfig, pause: BulkPause) {
  const { batchId, reason, cause, failure, now } = pause;
  const nowIso = now.toISOString();
  const paused = await trx
    .updateTable("broadcasts")
    .set({ status: "paused", paused_at: nowIso, pause_reason: reason, updated_at: nowIso })
    .where("id", "=", batchId)
    .where("status", "in", ["queued", "sending"])
    .returning(["subject"])
    .executeTakeFirst();
  let subject = paused?.subject;
  if (!paused) {
    if (cause !== "block") return;
    const ended = await endOpenPause(trx, batchId, { now, by: "block", cause: "temporary" });
    if (ended === 0) return;
    const broadcast = await trx
      .updateTable("broadcasts")
      .set({ pause_reason: reason, updated_at: nowIso })
      .where("id", "=", batchId)
      .returning(["subject"])
      .executeTakeFirstOrThrow();
    subject = broadcast.subject;
  }
  await trx
    .insertInto("broadcast_pause_events")
    .values({
      id: randomUUID(),
      broadcast_id: batchId,
      paused_at: nowIso,
      cause,
      reason,
      refusal_class: failure?.kind ?? null,
      refusal_code: failure ? refusalCode(failure) : null,
      next_probe_at:
        cause === "temporary"
          ? new Date(now.getTime() + probeDelayMs(config, 0)).toISOString()
          : null,
      probes: 0,
    })
    .execute();
  const email = broadcastAttentionEmail({
    subject: subject!,
    headline: "Broadcast paused",
    detail: reason,
    next: whatNext[cause],
    consoleUrl: `${config.SITE_URL}/admin/broadcasts/${batchId}`,
  });
  // Transactional: sent before any broadcast email and retried (without spending its attempts
  // while the provider refuses everything) until the provider takes it (decision 141).
  await enqueueEmail(
    trx,
    { purpose: "broadcast.paused", to: config.OWNER_EMAIL, from: config.MAIL_FROM, ...email },
    { now },
  );
}

type ComplaintPauseConfig = PauseConfig &
  Pick<AppConfig, "BROADCAST_COMPLAINT_PAUSE_PERCENT" | "BROADCAST_COMPLAINT_MIN_DELIVERED">;

/**
 * Pauses a broadcast still going out whose complaint rate (complaints over its emails delivered)
 * passed BROADCAST_COMPLAINT_PAUSE_PERCENT once BROADCAST_COMPLAINT_MIN_DELIVERED went out
 * (decision 312), in the transaction that recorded a complaint: its emails not yet sent are held
 * and the owner is emailed, once. Resolves whether it paused it.
 */
export async function pauseOverComplaints(
  trx: Kysely<Database>,
  config: ComplaintPauseConfig,
  { broadcastId, now }: { broadcastId: string; now: Date },
) {
  // Two complaints recorded at once must both be counted by the later one: Postgres locks the
  // broadcast's row until the transaction ends (SQLite's BEGIN IMMEDIATE already serialises).
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select id from broadcasts where id = ${broadcastId} for update`.execute(trx);
  const broadcast = await trx
    .selectFrom("broadcasts")
    .select("status")
    .where("id", "=", broadcastId)
    .executeTakeFirst();
  if (broadcast?.status !== "queued" && broadcast?.status !== "sending") return false;
  const [sent, complained] = await Promise.all([
    trx
      .selectFrom("outbox_emails")
      .select((eb) => eb.fn.countAll<string | number>().as("count"))
      .where("broadcast_id", "=", broadcastId)
      .where("status", "=", "sent")
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom("delivery_events")
      .select((eb) => eb.fn.countAll<string | number>().as("count"))
      .where("broadcast_id", "=", broadcastId)
      .where("kind", "=", "complaint")
      .executeTakeFirstOrThrow(),
  ]);
  const delivered = Number(sent.count);
  const complaints = Number(complained.count);
  if (delivered < config.BROADCAST_COMPLAINT_MIN_DELIVERED) return false;
  const percent = (complaints / delivered) * 100;
  if (percent <= config.BROADCAST_COMPLAINT_PAUSE_PERCENT) return false;
  const rate = `${percent.toFixed(2)} %`;
  await pauseBroadcast(trx, config, {
    batchId: broadcastId,
    cause: "complaints",
    reason: `Complaint rate ${rate}: ${complaints} spam complaint${complaints === 1 ? "" : "s"} over ${delivered} emails delivered, past the ${config.BROADCAST_COMPLAINT_PAUSE_PERCENT} % setting.`,
    now,
  });
  await holdBulkBatch(trx, broadcastId);
  return true;
}

/** Closes the broadcast's open pause row (of `cause`, if given); resolves with how many. */
export async function endOpenPause(
  trx: Kysely<Database>,
  broadcastId: string,
  { now, by, cause }: { now: Date; by: string; cause?: BroadcastPauseCause },
) {
  const ended = await trx
    .updateTable("broadcast_pause_events")
    .set({ ended_at: now.toISOString(), ended_by: by, next_probe_at: null })
    .where("broadcast_id", "=", broadcastId)
    .where("ended_at", "is", null)
    .$if(cause !== undefined, (query) => query.where("cause", "=", cause!))
    .executeTakeFirst();
  return Number(ended.numUpdatedRows);
}

/** Sets a paused broadcast going again (in `trx`); resolves with how many emails it released. */
async function unpause(trx: Kysely<Database>, id: string, now: Date, by: string) {
  const nowIso = now.toISOString();
  const broadcast = await trx
    .selectFrom("broadcasts")
    .select(["queued_at"])
    .where("id", "=", id)
    .where("status", "=", "paused")
    .executeTakeFirst();
  if (!broadcast) return undefined;
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
  if (Number(resumed.numUpdatedRows) === 0) return undefined;
  await endOpenPause(trx, id, { now, by });
  return releaseBulkBatch(trx, id, now);
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
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const released = await unpause(trx, id, now, actor);
    if (released === undefined) return "not-paused" as const;
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

/**
 * The probes of broadcasts paused for a temporary cause, a step of the queue's round: once the
 * wait is over one held email is let through (the completion sends it although the broadcast is
 * paused; the engine retries it with back-off like any); once it is accepted the broadcast
 * resumes by itself and the owner is emailed. A probe held again (the refusals went on) is
 * followed by another after a longer wait. Resolves with the ids of the broadcasts resumed.
 */
export async function probePausedBroadcasts(
  deps: Pick<ServiceDeps, "db" | "clock" | "config" | "outbox">,
): Promise<string[]> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const nowIso = now.toISOString();
  const open = await db
    .selectFrom("broadcast_pause_events as pause")
    .innerJoin("broadcasts", "broadcasts.id", "pause.broadcast_id")
    .leftJoin("outbox_emails as probe", "probe.id", "pause.probe_email_id")
    .select([
      "pause.id",
      "pause.broadcast_id",
      "pause.probes",
      "pause.next_probe_at",
      "probe.status as probeStatus",
      "broadcasts.subject",
    ])
    .where("pause.ended_at", "is", null)
    .where("pause.cause", "=", "temporary")
    .where("broadcasts.status", "=", "paused")
    .execute();
  const resumed: string[] = [];
  let probing = false;
  for (const pause of open) {
    if (pause.probeStatus === "sent") {
      const released = await db.transaction().execute(async (trx) => {
        const count = await unpause(trx, pause.broadcast_id, now, "probe");
        if (count === undefined) return undefined;
        const email = broadcastAttentionEmail({
          subject: pause.subject,
          headline: "Broadcast resumed",
          detail: `The provider accepted an email again after ${pause.probes} tr${pause.probes === 1 ? "y" : "ies"}: the broadcast resumed by itself.`,
          next: "Nothing to do. The report keeps this pause, why it happened and how long it lasted.",
          consoleUrl: `${config.SITE_URL}/admin/broadcasts/${pause.broadcast_id}`,
        });
        await enqueueEmail(
          trx,
          {
            purpose: "broadcast.resumed",
            to: config.OWNER_EMAIL,
            from: config.MAIL_FROM,
            ...email,
          },
          { now },
        );
        return count;
      });
      if (released !== undefined) resumed.push(pause.broadcast_id);
      continue;
    }
    // The engine is retrying the probe (pending, or in a worker's hands).
    if (pause.probeStatus === "pending" || pause.probeStatus === "sending") continue;
    if (!pause.next_probe_at || pause.next_probe_at > nowIso) continue;
    await db.transaction().execute(async (trx) => {
      const probeId = await releaseProbeEmail(trx, pause.broadcast_id, now);
      if (!probeId) {
        // Nothing is held any more (all settled): nothing to wait for.
        await unpause(trx, pause.broadcast_id, now, "probe");
        resumed.push(pause.broadcast_id);
        return;
      }
      probing = true;
      await trx
        .updateTable("broadcast_pause_events")
        .set({
          probe_email_id: probeId,
          probes: pause.probes + 1,
          next_probe_at: new Date(
            now.getTime() + probeDelayMs(config, pause.probes + 1),
          ).toISOString(),
        })
        .where("id", "=", pause.id)
        .where("ended_at", "is", null)
        .execute();
    });
  }
  if (probing || resumed.length > 0) deps.outbox.wake();
  return resumed;
}

/** The probe emails among `emailIds`: sent although their broadcast is paused. */
export async function probeEmailIds(db: Db, emailIds: string[]) {
  if (emailIds.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom("broadcast_pause_events")
    .select("probe_email_id")
    .where("probe_email_id", "in", emailIds)
    .where("ended_at", "is", null)
    .execute();
  return new Set(rows.map((row) => row.probe_email_id!));
}

/** Broadcasts paused now, for the notice on every console page. */
export async function pausedBroadcastNotices(db: Db) {
  const rows = await db
    .selectFrom("broadcasts")
    .leftJoin("broadcast_pause_events as pause", (join) =>
      join.onRef("pause.broadcast_id", "=", "broadcasts.id").on("pause.ended_at", "is", null),
    )
    .select([
      "broadcasts.id",
      "broadcasts.subject",
      "broadcasts.paused_at as pausedAt",
      "pause.cause",
      "pause.refusal_code as refusalCode",
    ])
    .where("broadcasts.status", "=", "paused")
    .orderBy("broadcasts.paused_at")
    .limit(5)
    .execute();
  return rows.map((row) => ({ ...row, cause: row.cause ?? "block" }));
}
