import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { systemClock, type Clock } from "../core/clock";
import type { Db } from "../core/db/database";
import { outboxClaims, type ClaimedEmail } from "./outbox-claims";
import { attemptRecorder } from "./outbox-attempt-records";
import { deliverEmail, type DeliveryContext, type OutboxLogger } from "./outbox-delivery";
import type { BulkCompletion, OutboxHooks } from "./outbox-hooks";
import type { MailTransport } from "./mail-transport";
import { startPollLoop } from "../core/poll-loop";
import { bulkRefusalBreaker, serverRefusalBreaker } from "./refusal-breakers";
import { tokenBucket } from "../core/rate-limit";
import { emailTemplates, type EmailTemplates } from "./templates/template-registry";

export type { OutboxLogger } from "./outbox-delivery";
export { retryDelayMs } from "./outbox-delivery";

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
  /** Emails in flight at once in this process (a stalled send holds one of them, not the rest). */
  concurrency?: number;
  /** Emails claimed by one `runOnce()`. */
  batchSize?: number;
  workerId?: string;
  logger?: OutboxLogger;
  /** What the outbox's users want done around a delivery (see OutboxHooks). */
  hooks?: OutboxHooks;
  /** Bulk sends per minute by all instances together; 0 lifts the limit. */
  bulkRatePerMinute?: number;
  /** A bulk batch pauses once more than this share (%) of its latest sends were refused. */
  pauseRefusalPercent?: number;
  /** What draws emails queued as a template's name and data: every email the site sends. */
  templates?: EmailTemplates;
  /**
   * Resolves when this process has room to send (the sender on the requests' event loop waits out
   * a burst of requests); the signal aborts the wait when the worker stops.
   */
  roomToSend?: (signal: AbortSignal) => Promise<void>;
};

export type OutboxWorker = {
  /** Looks for due emails now (after a request queued one) instead of at the next poll. */
  wake(): void;
  /** Claims one batch and sends it; resolves with how many emails it tried. */
  runOnce(): Promise<number>;
  /**
   * Stops claiming emails; resolves once the emails in hand are sent (or have failed, or are
   * uncertain: a final reply is then awaited the ordinary SMTP wait at most).
   */
  stop(): Promise<void>;
};

const silentLogger: OutboxLogger = { info() {}, warn() {}, error() {} };

/**
 * Delivers the outbox: claims due emails (transactional first, bulk within the throttle), keeps up
 * to `concurrency` of them in flight, and records each attempt (see outbox-delivery).
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
    concurrency = 10,
    batchSize = concurrency,
    workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    logger = silentLogger,
    hooks = {},
    bulkRatePerMinute = 0,
    pauseRefusalPercent = 10,
    templates = emailTemplates,
    roomToSend,
  } = options;
  const stopping = new AbortController();
  const claims = outboxClaims({ db, clock, leaseMs, maxAttempts, workerId });
  // Half a second's worth (at least one) lets a late timer catch up without a burst the
  // provider notices; the rest is spaced evenly (decision 140).
  const throttle = tokenBucket(
    { db, clock },
    {
      bucket: "broadcast-send",
      limit: bulkRatePerMinute,
      windowMs: 60_000,
      burst: Math.floor(bulkRatePerMinute / 120),
    },
  );
  /** When the shared bucket's next token is due, as last read: no draw before then. */
  let nextBulkAt = 0;
  /** The throttle held back due bulk emails last time: more are due, no need to count them. */
  let bulkBacklog = false;
  const serverBreaker = serverRefusalBreaker();
  const context: DeliveryContext = {
    db,
    transport,
    clock,
    workerId,
    maxAttempts,
    retryBaseMs,
    retryMaxMs,
    leaseMs,
    claims,
    hooks,
    logger,
    bulkBreaker: bulkRefusalBreaker({ percent: pauseRefusalPercent, trippedForMs: leaseMs }),
    serverBreaker,
    pauseRefusalPercent,
    templates,
    recorder: attemptRecorder({ db, workerId, hooks }),
  };

  async function sweep() {
    for (const email of await claims.failAbandonedLastAttempts()) {
      logger.error(
        { emailId: email.id, purpose: email.purpose, attempt: email.attempts },
        "OUTBOX GAVE UP: the last attempt never finished",
      );
    }
    const uncertain = await claims.markUncertain();
    if (uncertain > 0) {
      logger.warn({ emails: uncertain }, "outbox: bulk emails may not have gone out (sender died)");
    }
  }

  /**
   * Transactional emails first; bulk emails fill what room is left, within the throttle. Says,
   * besides, in how many milliseconds the throttle lets the next bulk email go when some are due
   * that it held back (undefined: none held back).
   */
  async function claimUpTo(
    room: number,
  ): Promise<{ claimed: ClaimedEmail[]; nextBulkInMs?: number }> {
    // While the server refuses everyone, one transactional email at a time finds out when it stops.
    const transactionalRoom = serverBreaker.refusingEverything ? Math.min(1, room) : room;
    const claimed = await claims.claim("transactional", transactionalRoom);
    const bulkRoom = room - claimed.length;
    if (bulkRoom <= 0 || !hooks.completeBulk) return { claimed };
    // Lifted, the throttle grants everything: no need to count what is due first.
    if (bulkRatePerMinute === 0) {
      return { claimed: [...claimed, ...(await claims.claim("bulk", bulkRoom))] };
    }
    const nowMs = clock.now().getTime();
    if (nowMs < nextBulkAt) return { claimed, nextBulkInMs: nextBulkAt - nowMs };
    // Each query between the token and the send delays it: when the last round left due emails
    // behind, the count is skipped (a token drawn for nothing is only lost at a batch's end).
    const due = bulkBacklog ? bulkRoom : await claims.dueBulkCount(bulkRoom);
    if (due === 0) return { claimed };
    const { granted, nextTokenInMs } = await throttle.take(due);
    nextBulkAt = clock.now().getTime() + nextTokenInMs;
    const bulk = await claims.claim("bulk", granted);
    bulkBacklog = bulk.length === granted && due > granted;
    return {
      claimed: [...claimed, ...bulk],
      nextBulkInMs: bulkBacklog ? nextTokenInMs : undefined,
    };
  }

  /**
   * Each claimed email with what it needs to go: a bulk email its reader's copy, asked of the
   * hooks for the whole batch at once.
   */
  async function withCompletions(claimed: ClaimedEmail[]) {
    const bulk = claimed.filter((email) => email.broadcast_id !== null);
    const completions = bulk.length > 0 ? await hooks.completeBulk!(bulk) : new Map();
    return claimed.map((email) => ({ email, completion: completions.get(email.id) }));
  }

  const inFlight = new Set<Promise<unknown>>();

  function start({ email, completion }: { email: ClaimedEmail; completion?: BulkCompletion }) {
    const delivery = deliverEmail(context, email, completion)
      .catch((error: unknown) =>
        logger.error(
          { emailId: email.id, reply: (error as Error).message },
          "outbox: could not record a delivery",
        ),
      )
      .finally(() => {
        inFlight.delete(delivery);
        loop.wake();
      });
    inFlight.add(delivery);
  }

  let lastSweep = 0;
  const loop = startPollLoop({
    intervalMs: pollIntervalMs,
    onError: (error) =>
      logger.error({ reply: (error as Error).message }, "outbox worker: a round failed"),
    async round() {
      if (clock.now().getTime() - lastSweep >= pollIntervalMs) {
        lastSweep = clock.now().getTime();
        await sweep();
      }
      const room = concurrency - inFlight.size;
      // Refill once half the slots are free, not after every send: each claim reads the due
      // index, which costs the same for one email as for five. A throttled sender takes a slot as
      // soon as its token is due, or the spacing would follow the sends' replies.
      const refillAt = bulkRatePerMinute > 0 ? 1 : Math.max(1, Math.floor(concurrency / 2));
      if (room < refillAt) return false;
      if (roomToSend) await roomToSend(stopping.signal);
      if (stopping.signal.aborted) return false;
      const { claimed, nextBulkInMs } = await claimUpTo(room);
      (await withCompletions(claimed)).forEach(start);
      // Everything asked for came: more may be due. Held back by the throttle: wake when its next
      // token is due. Otherwise a finished send or a poll wakes us.
      if (claimed.length >= room) return true;
      return nextBulkInMs ?? false;
    },
  });

  return {
    wake: loop.wake,
    async runOnce() {
      await sweep();
      const { claimed } = await claimUpTo(batchSize);
      await Promise.all(
        (await withCompletions(claimed)).map(({ email, completion }) =>
          deliverEmail(context, email, completion),
        ),
      );
      return claimed.length;
    },
    async stop() {
      stopping.abort();
      await loop.stop();
      // A final reply awaited for minutes would hold the stop (and a killed process resends a
      // receipt after its lease): it gets the ordinary wait, then its email is uncertain.
      transport.hurryFinalReplies?.();
      await Promise.all(inFlight);
    },
  };
}
