import type { Clock } from "../core/clock";
import type { Db } from "../core/db/database";
import type { OutboxEmailStatus } from "../core/db/schema";
import { requeueFailedEmails } from "../mail";
import { recordAdminAction } from "../core/audit-log";

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
