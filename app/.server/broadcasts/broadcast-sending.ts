import { sql } from "kysely";
import { recordAdminAction } from "../core/audit-log";
import type { Db } from "../core/db/database";
import {
  cancelBulkBatch,
  dismissUncertainEmails,
  enqueueBulkEmails,
  enqueueEmail,
  resendUncertainEmails,
} from "../mail";
import type { ServiceDeps } from "../core/service-deps";
import { countRecipients, nextRecipients, recipientsRemainAfter } from "./audience";
import { composeBroadcastTest, personalise, renderBroadcast } from "./broadcast-content";
import { audienceOf, draftOf, findBroadcast } from "./broadcast-drafts";
import { holdOverdueBroadcasts, lateCutoff } from "./broadcast-overdue";
import { endOpenPause, probePausedBroadcasts } from "./broadcast-pauses";

/** What sending needs beyond a service's usual deps: a nudge to the queueing step. */
export type BroadcastDeps = ServiceDeps & { broadcastQueue: { wake(): void } };

/** The token a test email's unsubscribe link carries: it opens the "link not valid" page. */
const testToken = "test-email";

/**
 * Sends the broadcast as it stands to the signed-in admin alone, marked as a test in its subject,
 * through the outbox like any transactional email. Nothing is rendered here: a draft is queued as
 * the test template and its data (decision 087); a sent or scheduled one as its frozen copy.
 */
export async function sendBroadcastTest(
  deps: ServiceDeps,
  { id, to, actor }: { id: string; to: string; actor: string },
): Promise<"sent" | "not-found"> {
  const { db, clock, config, outbox } = deps;
  const broadcast = await findBroadcast(db, id);
  if (!broadcast) return "not-found";
  const content =
    broadcast.frozen_html && broadcast.frozen_text
      ? {
          subject: `[Test] ${broadcast.subject}`,
          ...personalise(
            config,
            { html: broadcast.frozen_html, text: broadcast.frozen_text },
            testToken,
          ),
        }
      : composeBroadcastTest(config, draftOf(broadcast), testToken);
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    await enqueueEmail(
      trx,
      {
        purpose: "broadcast.test",
        to,
        from: config.MAIL_FROM,
        replyTo: config.MAIL_REPLY_TO,
        ...content,
      },
      { now },
    );
    await recordAdminAction(trx, { actor, action: "broadcast.test", subject: id, now });
  });
  outbox.wake();
  return "sent";
}

export type SendOutcome =
  | "queued"
  | "scheduled"
  | "not-draft"
  | "not-found"
  | "no-recipients"
  | "past"
  | "no-postal-address";

/**
 * Sends now, or at `scheduledAt`: the content is rendered and frozen and the broadcast leaves the
 * draft state in one conditional UPDATE, so a second click (or a second instance) finds it gone.
 * The recipients are queued by {@link queueBroadcast}, woken here and resumed after any restart.
 */
export async function sendBroadcast(
  deps: BroadcastDeps,
  { id, actor, scheduledAt }: { id: string; actor: string; scheduledAt?: Date },
): Promise<SendOutcome> {
  const { db, clock, config } = deps;
  const broadcast = await findBroadcast(db, id);
  if (!broadcast) return "not-found";
  if (broadcast.status !== "draft") return "not-draft";
  // Bulk mail must carry the sender's postal address (CAN-SPAM): no address, no broadcast.
  if (!config.MAIL_POSTAL_ADDRESS) return "no-postal-address";
  const now = clock.now();
  if (scheduledAt && scheduledAt.getTime() <= now.getTime()) return "past";
  if ((await countRecipients(db, audienceOf(broadcast))) === 0) return "no-recipients";
  const content = await renderBroadcast(config, draftOf(broadcast));
  const nowIso = now.toISOString();
  const outcome = await db.transaction().execute(async (trx) => {
    const frozen = await trx
      .updateTable("broadcasts")
      .set({
        status: scheduledAt ? "scheduled" : "queued",
        scheduled_at: scheduledAt?.toISOString() ?? null,
        frozen_html: content.html,
        frozen_text: content.text,
        frozen_at: nowIso,
        updated_at: nowIso,
      })
      .where("id", "=", id)
      .where("status", "=", "draft")
      .executeTakeFirst();
    if (Number(frozen.numUpdatedRows) === 0) return "not-draft" as const;
    await recordAdminAction(trx, {
      actor,
      action: scheduledAt ? "broadcast.schedule" : "broadcast.send",
      subject: id,
      detail: scheduledAt ? { scheduledAt: scheduledAt.toISOString() } : {},
      now,
    });
    return scheduledAt ? ("scheduled" as const) : ("queued" as const);
  });
  if (outcome === "queued") deps.broadcastQueue.wake();
  return outcome;
}

/**
 * Stops a broadcast that has not finished: nothing more is queued, pending emails are cancelled,
 * and an email already in a worker's hands is dropped when the worker checks it before sending.
 */
export async function cancelBroadcast(
  { db, clock }: Pick<ServiceDeps, "db" | "clock">,
  { id, actor }: { id: string; actor: string },
): Promise<"cancelled" | "not-pending"> {
  const now = clock.now();
  const nowIso = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const stopped = await trx
      .updateTable("broadcasts")
      .set({ status: "cancelled", cancelled_at: nowIso, updated_at: nowIso })
      .where("id", "=", id)
      .where("status", "in", ["scheduled", "overdue", "queued", "sending", "paused"])
      .executeTakeFirst();
    if (Number(stopped.numUpdatedRows) === 0) return "not-pending";
    const dropped = await cancelBulkBatch(trx, id, "Broadcast cancelled");
    await endOpenPause(trx, id, { now, by: "cancelled" });
    await recordAdminAction(trx, {
      actor,
      action: "broadcast.cancel",
      subject: id,
      detail: { emailsCancelled: dropped },
      now,
    });
    return "cancelled";
  });
}

/**
 * Sends, on the owner's word, the emails that may not have gone out (their sending process died
 * mid-send): they may reach someone twice, which is why it is the owner's call. Resolves with how
 * many were requeued.
 */
export async function resendUncertain(
  { db, clock, outbox }: Pick<ServiceDeps, "db" | "clock" | "outbox">,
  { id, actor }: { id: string; actor: string },
): Promise<number> {
  const now = clock.now();
  const requeued = await db.transaction().execute(async (trx) => {
    const count = (await resendUncertainEmails(trx, id, now)).length;
    if (count === 0) return 0;
    // A finished broadcast has emails to send again: it finishes anew once they are settled.
    await trx
      .updateTable("broadcasts")
      .set({ status: "sending", finished_at: null, updated_at: now.toISOString() })
      .where("id", "=", id)
      .where("status", "=", "sent")
      .execute();
    await recordAdminAction(trx, {
      actor,
      action: "broadcast.resend-uncertain",
      subject: id,
      detail: { emails: count },
      now,
    });
    return count;
  });
  if (requeued > 0) outbox.wake();
  return requeued;
}

/**
 * Settles, on the owner's word, a broadcast's emails that may not have gone out without sending
 * them (decision 328): counted as sent from then on. Resolves with how many (0: none was left).
 */
export async function dismissUncertain(
  { db, clock }: Pick<ServiceDeps, "db" | "clock">,
  { id, actor }: { id: string; actor: string },
): Promise<number> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const count = (await dismissUncertainEmails(trx, id, now)).length;
    if (count === 0) return 0;
    await recordAdminAction(trx, {
      actor,
      action: "broadcast.dismiss-uncertain",
      subject: id,
      detail: { emails: count },
      now,
    });
    return count;
  });
}

/**
 * Writes one delivery and one outbox email per recipient, `batchSize` people a transaction (each
 * an INSERT ... SELECT of the next people in the walk, then of their emails from those
 * deliveries: no row passes through this process), and remembers the last person queued. Safe to run twice at once or again after a crash: each batch
 * starts by updating the broadcast row (which waits for another queuer's batch to commit and then
 * sees its cursor), and UNIQUE(broadcast_id, person_id) refuses a second delivery to anyone.
 * Resolves with how many emails this call queued.
 */
export async function queueBroadcast(
  { db, clock, config }: Pick<ServiceDeps, "db" | "clock" | "config">,
  id: string,
  { batchSize = 10_000 }: { batchSize?: number } = {},
): Promise<number> {
  let queued = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const now = clock.now().toISOString();
      const broadcast = await trx
        .updateTable("broadcasts")
        .set((eb) => ({ updated_at: now, started_at: eb.fn.coalesce("started_at", eb.val(now)) }))
        .where("id", "=", id)
        .where("status", "=", "queued")
        .returningAll()
        .executeTakeFirst();
      if (!broadcast) return { done: true, count: 0 };
      const audience = audienceOf(broadcast);
      const after = broadcast.queue_cursor;
      // Deterministic ids (broadcast_person; no dot, which signed links use as a separator): a
      // delivery and its email share one, so a repeated step finds both already there.
      const idOf = sql<string>`cast(${id} as text) || '_' || member.person_id`;
      const inserted = await trx
        .insertInto("broadcast_deliveries")
        .columns(["id", "broadcast_id", "person_id", "outbox_email_id", "created_at"])
        .expression(
          nextRecipients(trx, audience, after, batchSize).select([
            idOf.as("id"),
            sql<string>`cast(${id} as text)`.as("broadcast_id"),
            "member.person_id",
            idOf.as("outbox_email_id"),
            sql<string>`cast(${now} as text)`.as("created_at"),
          ]),
        )
        .onConflict((conflict) => conflict.columns(["broadcast_id", "person_id"]).doNothing())
        .executeTakeFirst();
      const through = await lastQueued(trx, id, after);
      if (through === undefined) {
        await finishQueueing(trx, id, now);
        return { done: true, count: 0 };
      }
      await enqueueBulkEmails(
        trx,
        {
          batchId: id,
          purpose: "broadcast",
          from: config.MAIL_FROM,
          replyTo: config.MAIL_REPLY_TO,
          subject: broadcast.subject,
        },
        trx
          .selectFrom("broadcast_deliveries as delivery")
          .innerJoin("people", "people.id", "delivery.person_id")
          .where("delivery.broadcast_id", "=", id)
          .$if(after !== null, (query) => query.where("delivery.person_id", ">", after!))
          .where("delivery.person_id", "<=", through)
          .select(["delivery.outbox_email_id as id", "people.email as to_address"]),
        { now: new Date(now) },
      );
      const count = Number(inserted.numInsertedOrUpdatedRows ?? 0);
      const finished = !(await recipientsRemainAfter(trx, audience, through));
      if (finished) await finishQueueing(trx, id, now);
      else
        await trx
          .updateTable("broadcasts")
          .set({ queue_cursor: through })
          .where("id", "=", id)
          .execute();
      return { done: finished, count };
    });
    queued += batch.count;
    if (batch.done) return queued;
  }
}

/** The last person this broadcast has a delivery for after `afterPersonId` (one index probe). */
async function lastQueued(trx: Db, id: string, afterPersonId: string | null) {
  const row = await trx
    .selectFrom("broadcast_deliveries")
    .select("person_id")
    .where("broadcast_id", "=", id)
    .$if(afterPersonId !== null, (query) => query.where("person_id", ">", afterPersonId!))
    .orderBy("person_id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.person_id;
}

async function finishQueueing(trx: Db, id: string, now: string) {
  await trx
    .updateTable("broadcasts")
    .set({ status: "sending", queued_at: now })
    .where("id", "=", id)
    .execute();
}

/**
 * The queue's round: scheduled broadcasts whose time has come are queued (or held when the site
 * was down past their time, see broadcast-overdue), queueing that stopped
 * is resumed, and broadcasts with nothing left to send are marked sent. Resolves with the number
 * of emails queued.
 */
export async function runBroadcastQueue(
  deps: Pick<ServiceDeps, "db" | "clock" | "config" | "outbox">,
): Promise<number> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const nowIso = now.toISOString();
  if ((await holdOverdueBroadcasts(deps)) > 0) deps.outbox.wake();
  await db
    .updateTable("broadcasts")
    .set({ status: "queued", updated_at: nowIso })
    .where("status", "=", "scheduled")
    .where("scheduled_at", "<=", nowIso)
    .where("scheduled_at", ">=", lateCutoff(now, config.BROADCAST_LATE_GRACE_MINUTES))
    .execute();
  const waiting = await db
    .selectFrom("broadcasts")
    .select("id")
    .where("status", "=", "queued")
    .orderBy("created_at")
    .execute();
  let queued = 0;
  for (const { id } of waiting) queued += await queueBroadcast(deps, id);
  if (queued > 0) deps.outbox.wake();
  await probePausedBroadcasts(deps);
  await markFinishedBroadcasts(db, nowIso);
  return queued;
}

async function markFinishedBroadcasts(db: Db, nowIso: string) {
  await db
    .updateTable("broadcasts")
    .set({ status: "sent", updated_at: nowIso, finished_at: nowIso })
    .where("status", "=", "sending")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("outbox_emails")
            .select("outbox_emails.id")
            .whereRef("outbox_emails.broadcast_id", "=", "broadcasts.id")
            .where("outbox_emails.status", "in", ["pending", "sending"]),
        ),
      ),
    )
    .execute();
}
