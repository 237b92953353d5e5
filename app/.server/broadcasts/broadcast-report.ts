import type { Db } from "../core/db/database";

export type BroadcastReport = {
  /** Recipients with a delivery. */
  queued: number;
  sent: number;
  failed: number;
  /** Still to go out (pending, or in a worker's hands). */
  pending: number;
  /** Not sent after all: the reader left or bounced after queueing, or the broadcast was cancelled. */
  skipped: number;
  /** Readers who used this broadcast's unsubscribe link. */
  unsubscribedSince: number;
};

/** The broadcast's numbers, read from its deliveries and their outbox emails. */
export async function broadcastReport(db: Db, id: string): Promise<BroadcastReport> {
  const [byStatus, deliveries] = await Promise.all([
    db
      .selectFrom("outbox_emails")
      .select((eb) => ["status", eb.fn.countAll<string | number>().as("count")])
      .where("broadcast_id", "=", id)
      .groupBy("status")
      .execute(),
    db
      .selectFrom("broadcast_deliveries")
      .select((eb) => [
        eb.fn.countAll<string | number>().as("queued"),
        eb.fn.count<string | number>("unsubscribed_at").as("unsubscribed"),
      ])
      .where("broadcast_id", "=", id)
      .executeTakeFirstOrThrow(),
  ]);
  const count = (status: string) =>
    Number(byStatus.find((row) => row.status === status)?.count ?? 0);
  return {
    queued: Number(deliveries.queued),
    sent: count("sent"),
    failed: count("failed"),
    pending: count("pending") + count("sending"),
    skipped: count("cancelled"),
    unsubscribedSince: Number(deliveries.unsubscribed),
  };
}
