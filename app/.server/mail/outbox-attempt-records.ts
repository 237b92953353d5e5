import { randomUUID } from "node:crypto";
import { PostgresAdapter, sql, type Kysely, type QueryCreator } from "kysely";
import type { Db } from "../core/db/database";
import type { Database } from "../core/db/schema";
import { holdBulkBatch } from "./outbox";
import type { ClaimedEmail } from "./outbox-claims";
import type { BulkPause, OutboxHooks } from "./outbox-hooks";
import type { SendFailure } from "./smtp-refusal";

/** What the worker decided for an email after an attempt. */
export type DeliveryOutcome = "sent" | "retry" | "failed" | "held" | "skipped" | "uncertain";

/** One finished attempt, as the worker decided it: what the outbox must write for it. */
export type AttemptRecord = {
  email: ClaimedEmail;
  startedAt: string;
  finished: Date;
  failure?: SendFailure & { described: string };
  /** The email's new state (its lease is released with it). */
  update: Record<string, unknown>;
  /** What the worker decided for the email. */
  outcome: DeliveryOutcome;
  /** The refusal pauses the email's batch. */
  pause?: {
    batchId: string;
    reason: string;
    cause: Exclude<BulkPause["cause"], "complaints">;
    tripped: boolean;
  };
};

type Waiting = {
  record: AttemptRecord;
  resolve(paused: boolean): void;
  reject(error: unknown): void;
};

/**
 * Writes finished attempts a batch at a time: the attempts that finish while one transaction
 * commits go together in the next (one INSERT of attempt rows and one UPDATE of the emails sent,
 * instead of a transaction per email). Each attempt is still written with its email's new state
 * and its hooks' writes, or not at all; a batch that fails is written again one attempt a
 * transaction, so one bad attempt never loses the others.
 */
export function attemptRecorder({
  db,
  workerId,
  hooks,
}: {
  db: Db;
  workerId: string;
  hooks: OutboxHooks;
}) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  let waiting: Waiting[] = [];
  let draining: Promise<void> | undefined;

  /** Resolves with whether this attempt paused its batch (it was the first to hold it). */
  async function writeOne(trx: Kysely<Database>, record: AttemptRecord) {
    const { email, failure, finished } = record;
    await trx
      .updateTable("outbox_emails")
      .set({ ...record.update, locked_by: null, locked_until: null })
      .where("id", "=", email.id)
      .where("locked_by", "=", workerId)
      .execute();
    // No reply is no refusal: nothing for the batch's report or its breaker.
    if (record.outcome === "uncertain") return false;
    if (failure && email.broadcast_id) {
      await hooks.bulkRefused?.(trx, {
        email,
        failure,
        now: finished,
        outcome:
          record.outcome === "retry"
            ? "retried"
            : record.outcome === "failed" && failure.kind === "mailbox"
              ? "bounced"
              : record.outcome === "held"
                ? "held"
                : "failed",
      });
    }
    if (failure && record.pause) {
      const { batchId, reason, cause, tripped } = record.pause;
      // Only the first worker to hold the batch tells the owner; later ones find nothing pending.
      const held = await holdBulkBatch(trx, batchId);
      if (held > 0 || tripped) {
        await hooks.bulkPaused?.(trx, { batchId, reason, cause, failure, now: finished });
        return true;
      }
    } else if (failure?.kind === "mailbox") {
      await hooks.addressRefused?.(trx, { email, failure, now: finished });
    }
    return false;
  }

  const attemptRows = (records: AttemptRecord[]) =>
    records.map(({ email, startedAt, finished, failure }) => ({
      id: randomUUID(),
      email_id: email.id,
      attempt: email.attempts,
      worker_id: workerId,
      started_at: startedAt,
      finished_at: finished.toISOString(),
      outcome: failure ? ("failed" as const) : ("sent" as const),
      error: failure ? failure.described : null,
    }));

  /** Marks the emails of `sent` sent, each at its own time, and releases their leases. */
  function markSent(from: QueryCreator<Database>, sent: AttemptRecord[]) {
    const sentAt = sql<string>`case id ${sql.join(
      sent.map(({ email, finished }) => sql`when ${email.id} then ${finished.toISOString()}`),
      sql` `,
    )} end`;
    return from
      .updateTable("outbox_emails")
      .set({
        status: "sent",
        sent_at: sentAt,
        last_error: null,
        locked_by: null,
        locked_until: null,
      })
      .where(
        "id",
        "in",
        sent.map(({ email }) => email.id),
      )
      .where("locked_by", "=", workerId);
  }

  async function write(records: AttemptRecord[]): Promise<boolean[]> {
    if (postgres && records.every((record) => !record.failure)) {
      // Nothing but sends: one statement (the attempts' INSERT as its CTE) is one commit and one
      // round trip, where a transaction took four.
      const withAttempts = db.with("attempts", (from) =>
        from.insertInto("outbox_attempts").values(attemptRows(records)).returning("id"),
      );
      // The UPDATE reads no column of the CTE: the tables it names are the database's own.
      await markSent(withAttempts as unknown as QueryCreator<Database>, records).execute();
      return records.map(() => false);
    }
    return db.transaction().execute(async (trx) => {
      await trx.insertInto("outbox_attempts").values(attemptRows(records)).execute();
      const sent = records.filter((record) => !record.failure);
      if (sent.length > 0) await markSent(trx, sent).execute();
      const paused: boolean[] = [];
      for (const record of records)
        paused.push(record.failure ? await writeOne(trx, record) : false);
      return paused;
    });
  }

  async function drain() {
    // Attempts finishing in the same turn of the event loop join the first transaction too.
    await new Promise((resolve) => setImmediate(resolve));
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        const paused = await write(batch.map((entry) => entry.record));
        batch.forEach((entry, index) => entry.resolve(paused[index]!));
      } catch (error) {
        if (batch.length === 1) {
          batch[0]!.reject(error);
          continue;
        }
        for (const entry of batch) {
          await write([entry.record]).then(([paused]) => entry.resolve(paused!), entry.reject);
        }
      }
    }
    draining = undefined;
  }

  return {
    /** Resolves once the attempt is written, with whether it paused its batch. */
    record(record: AttemptRecord): Promise<boolean> {
      return new Promise<boolean>((resolve, reject) => {
        waiting.push({ record, resolve, reject });
        draining ??= drain();
      });
    },
  };
}

export type AttemptRecorder = ReturnType<typeof attemptRecorder>;
