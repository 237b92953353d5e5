import type { Db } from "../core/db/database";

/** The window the provider rules look at (Gmail's Postmaster, Amazon SES' reputation dashboard). */
export const deliveryRateDays = 30;

export type RecentDeliveryRates = {
  days: number;
  /** Emails our provider accepted in the window. */
  delivered: number;
  hardBounces: number;
  complaints: number;
  /** Hard bounces over delivered (SES counts hard bounces only); null before any is delivered. */
  bounceRate: number | null;
  complaintRate: number | null;
};

/** The last `deliveryRateDays` days' complaint and bounce rates, over the emails delivered. */
export async function recentDeliveryRates(db: Db, now: Date): Promise<RecentDeliveryRates> {
  const since = new Date(now.getTime() - deliveryRateDays * 24 * 60 * 60_000).toISOString();
  const [sent, events] = await Promise.all([
    db
      .selectFrom("outbox_emails")
      .select((eb) => eb.fn.countAll<string | number>().as("count"))
      .where("status", "=", "sent")
      .where("sent_at", ">=", since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("delivery_events")
      .select((eb) => ["kind", "bounce", eb.fn.countAll<string | number>().as("count")])
      .where("occurred_at", ">=", since)
      .groupBy(["kind", "bounce"])
      .execute(),
  ]);
  const delivered = Number(sent.count);
  const count = (match: (row: (typeof events)[number]) => boolean) =>
    events.filter(match).reduce((sum, row) => sum + Number(row.count), 0);
  const hardBounces = count((row) => row.kind === "bounce" && row.bounce === "hard");
  const complaints = count((row) => row.kind === "complaint");
  const rate = (value: number) => (delivered > 0 ? value / delivered : null);
  return {
    days: deliveryRateDays,
    delivered,
    hardBounces,
    complaints,
    bounceRate: rate(hardBounces),
    complaintRate: rate(complaints),
  };
}
