import type { Db } from "../core/db/database";
import type { BroadcastPauseCause } from "./broadcast-tables";
import { ownerConfirmedNote } from "../mail";

/** One pause, as the report keeps it after the broadcast ends. */
export type BroadcastPauseHistory = {
  pausedAt: string;
  cause: BroadcastPauseCause;
  reason: string;
  refusalClass: string | null;
  refusalCode: string | null;
  /** When it ended (null: paused still) and how: the owner's address, `probe`, `cancelled`, `block`. */
  endedAt: string | null;
  endedBy: string | null;
  /** Emails tried to find out whether the provider accepts again. */
  probes: number;
};

/** Refused attempts of one class and code (`provider`, `452 4.3.1`). */
export type BroadcastRefusalCount = { refusalClass: string; code: string | null; count: number };

/** An email once in flight when its sender died, and what became of it since. */
export type UncertainEmail = { address: string; markedAt: string; status: string };

/**
 * What providers reported after accepting the emails (webhooks, the bounce mailbox): each rate is
 * the count divided by the emails delivered (accepted by our provider), null before any is.
 */
export type ProviderOutcomes = {
  delivered: number;
  hardBounces: number;
  softBounces: number;
  complaints: number;
  hardBounceRate: number | null;
  softBounceRate: number | null;
  complaintRate: number | null;
};

/** Rates of each count over `delivered` (null when nothing was delivered). */
export function providerOutcomes(counts: {
  delivered: number;
  hardBounces: number;
  softBounces: number;
  complaints: number;
}): ProviderOutcomes {
  const rate = (count: number) => (counts.delivered > 0 ? count / counts.delivered : null);
  return {
    ...counts,
    hardBounceRate: rate(counts.hardBounces),
    softBounceRate: rate(counts.softBounces),
    complaintRate: rate(counts.complaints),
  };
}

/** Bounces and complaints providers reported for the outbox emails matching `column = id`. */
export async function providerEventCounts(
  db: Db,
  column: "broadcast_id" | "sequence_step_id",
  id: string,
) {
  const rows = await db
    .selectFrom("delivery_events")
    .select((eb) => ["kind", "bounce", eb.fn.countAll<string | number>().as("count")])
    .where(column, "=", id)
    .groupBy(["kind", "bounce"])
    .execute();
  const count = (kind: string, bounce: string | null) =>
    rows
      .filter((row) => row.kind === kind && (bounce === null || row.bounce === bounce))
      .reduce((sum, row) => sum + Number(row.count), 0);
  return {
    hardBounces: count("bounce", "hard"),
    softBounces: count("bounce", "soft"),
    complaints: count("complaint", null),
  };
}

export type BroadcastReport = {
  /** Recipients with a delivery. */
  queued: number;
  sent: number;
  /** Still to go out for the first time, or in a worker's hands. */
  pending: number;
  /** Refused for now (a busy mailbox, a server away): to be tried again. */
  deferred: number;
  /** Set aside while the broadcast is paused. */
  held: number;
  /** Refused for good because the address does not exist: the person is marked bounced. */
  bounced: number;
  /** Given up on for another reason (retries ran out, the message refused). */
  failed: number;
  /** In flight when the sending process died: they may or may not have arrived. */
  uncertain: number;
  /** Not sent after all: the reader left or bounced after queueing, or the broadcast was cancelled. */
  skipped: number;
  /** Readers who used this broadcast's unsubscribe link. */
  unsubscribedSince: number;
  /** When it really began to go out, and when its last email was settled. */
  startedAt: string | null;
  finishedAt: string | null;
  /** Every pause, oldest first, kept after the broadcast ends. */
  pauses: BroadcastPauseHistory[];
  /** Refused attempts by class and code, most first. */
  refusals: BroadcastRefusalCount[];
  /** Refused attempts the engine tried again after a back-off. */
  retries: number;
  /** Every email marked "may not have gone out", whether sent again since or not. */
  uncertainEmails: UncertainEmail[];
  /** Bounces and complaints reported after delivery, and their rates over `sent`. */
  afterDelivery: ProviderOutcomes;
};

/** The report's history: pauses, refusals and retries, and the "may not have gone out" list. */
async function broadcastHistory(db: Db, id: string) {
  const [pauses, refusals, uncertain] = await Promise.all([
    db
      .selectFrom("broadcast_pause_events")
      .select([
        "paused_at",
        "cause",
        "reason",
        "refusal_class",
        "refusal_code",
        "ended_at",
        "ended_by",
        "probes",
      ])
      .where("broadcast_id", "=", id)
      .orderBy("paused_at")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("broadcast_refusals")
      .select((eb) => [
        "refusal_class",
        "code",
        "outcome",
        eb.fn.countAll<string | number>().as("count"),
      ])
      .where("broadcast_id", "=", id)
      .groupBy(["refusal_class", "code", "outcome"])
      .execute(),
    db
      .selectFrom("outbox_emails")
      .select(["to_address", "uncertain_at", "status", "last_error"])
      .where("broadcast_id", "=", id)
      .where("uncertain_at", "is not", null)
      .orderBy("uncertain_at")
      .orderBy("to_address")
      .limit(1000)
      .execute(),
  ]);
  const byCode = new Map<string, BroadcastRefusalCount>();
  let retries = 0;
  for (const row of refusals) {
    const count = Number(row.count);
    if (row.outcome === "retried") retries += count;
    const key = `${row.refusal_class} ${row.code ?? ""}`;
    const entry = byCode.get(key);
    if (entry) entry.count += count;
    else byCode.set(key, { refusalClass: row.refusal_class, code: row.code, count });
  }
  return {
    pauses: pauses.map((row) => ({
      pausedAt: row.paused_at,
      cause: row.cause,
      reason: row.reason,
      refusalClass: row.refusal_class,
      refusalCode: row.refusal_code,
      endedAt: row.ended_at,
      endedBy: row.ended_by,
      probes: Number(row.probes),
    })),
    refusals: [...byCode.values()].sort(
      (a, b) => b.count - a.count || (a.code ?? "").localeCompare(b.code ?? ""),
    ),
    retries,
    uncertainEmails: uncertain.map((row) => ({
      address: row.to_address,
      markedAt: row.uncertain_at!,
      // Settled without a send (decision 328): not to be read as sent again.
      status:
        row.status === "sent" && row.last_error === ownerConfirmedNote ? "dismissed" : row.status,
    })),
  };
}

/** The broadcast's numbers, read from its deliveries and their outbox emails. */
export async function broadcastReport(db: Db, id: string): Promise<BroadcastReport> {
  const [byStatus, deliveries, times, history, reported] = await Promise.all([
    db
      .selectFrom("outbox_emails")
      .select((eb) => [
        "status",
        eb.fn.countAll<string | number>().as("count"),
        eb.fn
          .sum<string | number | null>(
            eb.case().when("last_error", "is not", null).then(1).else(0).end(),
          )
          .as("refused"),
      ])
      .where("broadcast_id", "=", id)
      .groupBy("status")
      .execute(),
    db
      .selectFrom("broadcast_deliveries")
      .select((eb) => [
        eb.fn.countAll<string | number>().as("queued"),
        eb.fn.count<string | number>("unsubscribed_at").as("unsubscribed"),
        eb.fn.count<string | number>("bounced_at").as("bounced"),
      ])
      .where("broadcast_id", "=", id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("broadcasts")
      .select(["started_at", "finished_at"])
      .where("id", "=", id)
      .executeTakeFirst(),
    broadcastHistory(db, id),
    providerEventCounts(db, "broadcast_id", id),
  ]);
  const row = (status: string) => byStatus.find((candidate) => candidate.status === status);
  const count = (status: string) => Number(row(status)?.count ?? 0);
  const deferred = Number(row("pending")?.refused ?? 0);
  const bounced = Number(deliveries.bounced);
  return {
    queued: Number(deliveries.queued),
    sent: count("sent"),
    pending: count("pending") - deferred + count("sending"),
    deferred,
    held: count("held"),
    bounced,
    failed: count("failed") - bounced,
    uncertain: count("uncertain"),
    skipped: count("cancelled"),
    unsubscribedSince: Number(deliveries.unsubscribed),
    startedAt: times?.started_at ?? null,
    finishedAt: times?.finished_at ?? null,
    ...history,
    afterDelivery: providerOutcomes({ delivered: count("sent"), ...reported }),
  };
}
