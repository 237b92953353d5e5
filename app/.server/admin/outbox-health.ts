import type { Clock } from "../core/clock";
import type { Db } from "../core/db/database";
import type { OutboxEmailStatus } from "../core/db/schema";
import { dismissUncertainEmail, requeueFailedEmails, resendUncertainEmail } from "../mail";
import { recordAdminAction } from "../core/audit-log";
import { resumeRunsOfResentEmails, settleRunsOfDismissedEmails } from "../sequences";

/** How many emails are in each state. */
export async function outboxCounts(db: Db): Promise<Record<OutboxEmailStatus, number>> {
  const rows = await db
    .selectFrom("outbox_emails")
    .select((eb) => ["status", eb.fn.countAll<string | number>().as("count")])
    .groupBy("status")
    .execute();
  const counts = {
    pending: 0,
    sending: 0,
    sent: 0,
    failed: 0,
    cancelled: 0,
    held: 0,
    uncertain: 0,
  };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/** The emails the worker gave up on, newest first, with their last error. */
export async function failedEmails(db: Db, limit = 50) {
  return db
    .selectFrom("outbox_emails")
    .select(["id", "purpose", "to_address", "subject", "attempts", "last_error", "created_at"])
    .where("status", "=", "failed")
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
}

/** Gives a failed email a fresh set of attempts, due now. */
export async function retryFailedEmail(
  { db, clock, outbox }: { db: Db; clock: Clock; outbox: { wake(): void } },
  { id, actor }: { id: string; actor: string },
): Promise<"queued" | "not-failed"> {
  const now = clock.now();
  const result = await db.transaction().execute(async (trx) => {
    const requeued = await requeueFailedEmails(trx, { ids: [id], now });
    if (requeued.length === 0) return "not-failed" as const;
    await recordAdminAction(trx, { actor, action: "outbox.retry", subject: id, now });
    return "queued" as const;
  });
  if (result === "queued") outbox.wake();
  return result;
}

/**
 * The emails that may not have gone out, of any kind (a receipt, a broadcast's, a sequence's),
 * newest first: their sender died mid-send or their final reply never came.
 */
export async function uncertainEmails(db: Db, { limit = 50 }: { limit?: number } = {}) {
  return db
    .selectFrom("outbox_emails")
    .select(["id", "purpose", "to_address", "subject", "last_error", "uncertain_at"])
    .where("status", "=", "uncertain")
    .orderBy("uncertain_at", "desc")
    .limit(limit)
    .execute();
}

/** Sends an email that may not have gone out again, on the owner's word (audited). */
export async function sendUncertainEmailAgain(
  { db, clock, outbox }: { db: Db; clock: Clock; outbox: { wake(): void } },
  { id, actor }: { id: string; actor: string },
): Promise<"queued" | "not-uncertain"> {
  const now = clock.now();
  const result = await db.transaction().execute(async (trx) => {
    if (!(await resendUncertainEmail(trx, id, now))) return "not-uncertain" as const;
    // A sequence's run set aside for this email goes on.
    await resumeRunsOfResentEmails(trx, [id], now);
    await recordAdminAction(trx, { actor, action: "outbox.resend-uncertain", subject: id, now });
    return "queued" as const;
  });
  if (result === "queued") outbox.wake();
  return result;
}

/**
 * Settles an email that may not have gone out without sending it (the owner knows it arrived, or
 * wants no second copy): counted as sent from then on, and a sequence's run waiting on it goes on
 * (audited). "not-uncertain" when it was settled already, by this or by "Send again".
 */
export async function dismissUncertain(
  { db, clock }: { db: Db; clock: Clock },
  { id, actor }: { id: string; actor: string },
): Promise<"dismissed" | "not-uncertain"> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    if (!(await dismissUncertainEmail(trx, id, now))) return "not-uncertain" as const;
    await settleRunsOfDismissedEmails(trx, [id], now);
    await recordAdminAction(trx, { actor, action: "outbox.dismiss-uncertain", subject: id, now });
    return "dismissed" as const;
  });
}
