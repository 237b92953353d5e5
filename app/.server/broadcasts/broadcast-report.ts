import type { Db } from "../core/db/database";

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
};

/** The broadcast's numbers, read from its deliveries and their outbox emails. */
export async function broadcastReport(db: Db, id: string): Promise<BroadcastReport> {
  const [byStatus, deliveries, times] = await Promise.all([
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
  };
}
