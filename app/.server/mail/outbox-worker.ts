import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { PostgresAdapter, type Kysely } from "kysely";
import { systemClock, type Clock } from "../core/clock";
import type { Db } from "../core/db/database";
import type { OutboxEmailTable } from "../core/db/schema";
import type { Database } from "../core/db/schema";
import { isPermanentRefusal } from "./smtp-refusal";
import type { MailTransport } from "./mail-transport";

export type OutboxLogger = Pick<Console, "info" | "warn" | "error">;

export type OutboxWorkerOptions = {
  db: Db;
  transport: MailTransport;
  clock?: Clock;
  /** How often to look for due emails when nothing wakes the worker. */
  pollIntervalMs?: number;
  /** Attempts per email before it is marked failed. */
  maxAttempts?: number;
  /** Wait before the second attempt; doubles each time up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /**
   * How long a claimed email stays reserved: a worker that dies mid-send releases it this way. A
   * live worker renews the lease while the email is in hand, so a slow send is never taken over.
   */
  leaseMs?: number;
  batchSize?: number;
  workerId?: string;
  logger?: OutboxLogger;
  /** How broadcast emails go out; without it they wait (a worker that cannot complete them). */
  broadcasts?: BroadcastSending;
  /** Called in the email's own transaction when the receiving server refused its address for good. */
  onRefusedForGood?: RefusedForGood;
};

export type RefusedForGood = (
  trx: Kysely<Database>,
  refusal: { address: string; reason: string; now: Date },
) => Promise<void>;

/** A broadcast email's body and headers for its reader, or why it must not go out any more. */
export type BroadcastCompletion =
  { skipped: string } | { html: string; text: string; headers: Record<string, string> };

export type BroadcastSending = {
  /**
   * At most this many broadcast emails are claimed per minute, by all instances together (the
   * counter is a row of rate_limit_windows); 0 lifts the limit. Other emails are never held.
   */
  ratePerMinute: number;
  complete(email: OutboxEmailTable): Promise<BroadcastCompletion>;
};

const throttleBucket = "broadcast-send";
const minuteMs = 60_000;

export type OutboxWorker = {
  /** Looks for due emails now (after a request queued one) instead of at the next poll. */
  wake(): void;
  /** Claims and sends one batch; resolves with how many emails it tried. */
  runOnce(): Promise<number>;
  /** Stops claiming emails; resolves once the emails in hand are sent (or have failed). */
  stop(): Promise<void>;
};

type ClaimedEmail = OutboxEmailTable;

/** SMTP errors often quote the recipient; logs carry no email addresses. */
function withoutAddresses(text: string) {
  return text.replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, "[address]");
}

export function retryDelayMs(attempt: number, baseMs: number, maxMs: number) {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * Delivers the outbox. Emails are claimed with a lease in one atomic UPDATE (on Postgres its
 * candidate rows are locked with FOR UPDATE SKIP LOCKED), so several instances on one database
 * never hold the same email; every attempt is recorded in outbox_attempts.
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const {
    db,
    transport,
    clock = systemClock,
    pollIntervalMs = 5_000,
    maxAttempts = 8,
    retryBaseMs = 60_000,
    retryMaxMs = 6 * 60 * 60_000,
    leaseMs = 60_000,
    batchSize = 10,
    workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    logger = console,
    onRefusedForGood,
  } = options;
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  function dueEmails(nowIso: string, kind: "transactional" | "broadcast", limit: number) {
    return (
      db
        .selectFrom("outbox_emails")
        .select("id")
        .where("status", "in", ["pending", "sending"])
        .where("broadcast_id", kind === "broadcast" ? "is not" : "is", null)
        .where("next_attempt_at", "<=", nowIso)
        .where("attempts", "<", maxAttempts)
        .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", nowIso)]))
        // A broadcast's emails are all alike: any due ones will do, and without the sort the query
        // stops at `limit` instead of ordering 100,000 pending rows first.
        .$if(kind === "transactional", (query) => query.orderBy("next_attempt_at"))
        .limit(limit)
    );
  }

  /**
   * Takes up to `wanted` of this minute's broadcast sends. A compare-and-set on the shared
   * counter: two instances never take the same slots, and a lost race takes none this round.
   */
  async function reserveBroadcastSlots(wanted: number, now: Date): Promise<number> {
    const rate = options.broadcasts?.ratePerMinute ?? 0;
    if (rate === 0) return wanted;
    const windowStart = new Date(Math.floor(now.getTime() / minuteMs) * minuteMs).toISOString();
    const slot = { bucket: throttleBucket, client_key: "outbox", window_start: windowStart };
    await db
      .insertInto("rate_limit_windows")
      .values({ ...slot, hits: 0 })
      .onConflict((conflict) =>
        conflict.columns(["bucket", "client_key", "window_start"]).doNothing(),
      )
      .execute();
    const { hits } = await db
      .selectFrom("rate_limit_windows")
      .select("hits")
      .where("bucket", "=", slot.bucket)
      .where("client_key", "=", slot.client_key)
      .where("window_start", "=", windowStart)
      .executeTakeFirstOrThrow();
    const granted = Math.min(wanted, rate - hits);
    if (granted <= 0) return 0;
    const taken = await db
      .updateTable("rate_limit_windows")
      .set({ hits: hits + granted })
      .where("bucket", "=", slot.bucket)
      .where("client_key", "=", slot.client_key)
      .where("window_start", "=", windowStart)
      .where("hits", "=", hits)
      .executeTakeFirst();
    if (hits === 0) {
      await db
        .deleteFrom("rate_limit_windows")
        .where("bucket", "=", throttleBucket)
        .where("window_start", "<", windowStart)
        .execute();
    }
    return Number(taken.numUpdatedRows) === 1 ? granted : 0;
  }

  /** Transactional emails first; broadcast emails fill what room is left, within the throttle. */
  async function claimDueEmails(): Promise<ClaimedEmail[]> {
    const now = clock.now();
    const claimed = await claim(dueEmails(now.toISOString(), "transactional", batchSize), now);
    // Postgres may run the claim's LIMIT subquery more than once (SKIP LOCKED), so a claim can
    // return more than asked: never a negative room for broadcasts.
    const room = batchSize - claimed.length;
    if (room <= 0 || !options.broadcasts) return claimed;
    const due = await dueEmails(now.toISOString(), "broadcast", room).execute();
    if (due.length === 0) return claimed;
    const slots = await reserveBroadcastSlots(due.length, now);
    if (slots <= 0) return claimed;
    return [...claimed, ...(await claim(dueEmails(now.toISOString(), "broadcast", slots), now))];
  }

  async function claim(due: ReturnType<typeof dueEmails>, now: Date): Promise<ClaimedEmail[]> {
    const nowIso = now.toISOString();
    const leaseEnd = new Date(now.getTime() + leaseMs).toISOString();
    const candidates = postgres ? due.forUpdate().skipLocked() : due;
    return (
      db
        .updateTable("outbox_emails")
        .set((eb) => ({
          status: "sending",
          locked_by: workerId,
          locked_until: leaseEnd,
          attempts: eb("attempts", "+", 1),
        }))
        .where("id", "in", candidates)
        // Checked again on the row itself: a row another worker claimed meanwhile no longer matches.
        .where("status", "in", ["pending", "sending"])
        .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", nowIso)]))
        .returningAll()
        .execute()
    );
  }

  /** A worker died holding an email's last attempt: nobody will retry it, so say so. */
  async function failAbandonedLastAttempts() {
    const nowIso = clock.now().toISOString();
    const abandoned = await db
      .updateTable("outbox_emails")
      .set({ status: "failed", locked_by: null, locked_until: null })
      .where("status", "=", "sending")
      .where("attempts", ">=", maxAttempts)
      .where("locked_until", "<", nowIso)
      .returning(["id", "purpose", "to_address", "attempts", "last_error"])
      .execute();
    for (const email of abandoned) {
      logger.error(
        `OUTBOX GAVE UP: email ${email.id} (${email.purpose}) after ${email.attempts} attempts; the last one never finished. Last error: ${withoutAddresses(email.last_error ?? "none")}`,
      );
    }
  }

  /** Pushes the lease of an email in hand forward: the send outlasting it must not free the email. */
  async function renewLease(id: string) {
    const leaseEnd = new Date(clock.now().getTime() + leaseMs).toISOString();
    await db
      .updateTable("outbox_emails")
      .set({ locked_until: leaseEnd })
      .where("id", "=", id)
      .where("locked_by", "=", workerId)
      .execute();
  }

  /** A broadcast email whose reader left the list (or whose broadcast stopped) does not go out. */
  async function skip(email: ClaimedEmail, reason: string) {
    await db
      .updateTable("outbox_emails")
      .set({ status: "cancelled", last_error: reason, locked_by: null, locked_until: null })
      .where("id", "=", email.id)
      .where("locked_by", "=", workerId)
      .execute();
  }

  async function deliver(claimed: ClaimedEmail) {
    let email = claimed;
    if (email.broadcast_id && options.broadcasts) {
      const completion = await options.broadcasts.complete(email);
      if ("skipped" in completion) return skip(email, completion.skipped);
      email = {
        ...email,
        html_body: completion.html,
        text_body: completion.text,
        headers: JSON.stringify(completion.headers),
      };
    }
    const startedAt = clock.now().toISOString();
    let error: string | null = null;
    let refusedForGood = false;
    const renewal = setInterval(() => {
      renewLease(email.id).catch((cause: unknown) =>
        logger.warn(
          `Outbox: could not renew the lease of email ${email.id}: ${(cause as Error).message}`,
        ),
      );
    }, leaseMs / 3);
    try {
      await transport.send({
        id: email.id,
        createdAt: email.created_at,
        to: email.to_address,
        from: email.from_address,
        replyTo: email.reply_to ?? undefined,
        subject: email.subject,
        text: email.text_body,
        html: email.html_body ?? undefined,
        headers: JSON.parse(email.headers) as Record<string, string>,
      });
    } catch (cause) {
      error = (cause as Error).message || String(cause);
      refusedForGood = isPermanentRefusal(cause);
    } finally {
      clearInterval(renewal);
    }
    const finished = clock.now();
    const finishedAt = finished.toISOString();
    // The receiving server refused the address for good: retrying cannot help.
    const givingUp = error !== null && (refusedForGood || email.attempts >= maxAttempts);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("outbox_attempts")
        .values({
          id: randomUUID(),
          email_id: email.id,
          attempt: email.attempts,
          worker_id: workerId,
          started_at: startedAt,
          finished_at: finishedAt,
          outcome: error === null ? "sent" : "failed",
          error,
        })
        .execute();
      const update =
        error === null
          ? { status: "sent" as const, sent_at: finishedAt, last_error: null }
          : givingUp
            ? { status: "failed" as const, last_error: error }
            : {
                status: "pending" as const,
                last_error: error,
                next_attempt_at: new Date(
                  finished.getTime() + retryDelayMs(email.attempts, retryBaseMs, retryMaxMs),
                ).toISOString(),
              };
      await trx
        .updateTable("outbox_emails")
        .set({ ...update, locked_by: null, locked_until: null })
        .where("id", "=", email.id)
        .where("locked_by", "=", workerId)
        .execute();
      if (refusedForGood) {
        await onRefusedForGood?.(trx, { address: email.to_address, reason: error!, now: finished });
      }
    });
    if (givingUp) {
      logger.error(
        `OUTBOX GAVE UP: email ${email.id} (${email.purpose}) failed ${email.attempts} times and will not be retried${refusedForGood ? " (address refused for good: marked bounced)" : ""}. Last error: ${withoutAddresses(error ?? "none")}`,
      );
    } else if (error !== null) {
      logger.warn(
        `Outbox: email ${email.id} (${email.purpose}) attempt ${email.attempts} of ${maxAttempts} failed, will retry: ${withoutAddresses(error ?? "none")}`,
      );
    }
  }

  async function runOnce() {
    await failAbandonedLastAttempts();
    const claimed = await claimDueEmails();
    await Promise.all(claimed.map(deliver));
    return claimed.length;
  }

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let wakeRequested = false;

  function schedule(delayMs: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
  }

  function tick() {
    if (stopped) return;
    if (running) {
      wakeRequested = true;
      return;
    }
    wakeRequested = false;
    running = runOnce()
      .then((count) => {
        running = undefined;
        // A full batch means more may be due: continue at once.
        schedule(count >= batchSize || wakeRequested ? 0 : pollIntervalMs);
      })
      .catch((error: unknown) => {
        running = undefined;
        logger.error(`Outbox worker: ${(error as Error).message}`);
        schedule(pollIntervalMs);
      });
  }

  schedule(0);
  return {
    wake: () => schedule(0),
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
