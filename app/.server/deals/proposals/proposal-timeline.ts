import type { Kysely } from "kysely";
import { centsLabel } from "~/lib/proposal-schema";
import type { Database } from "../../core/db/schema";
import type { DealTimelineEntry } from "../deal-timeline-entry";

/**
 * The deal's proposal events for its timeline: each version sent, first viewed (with the count),
 * accepted, its deposit paid and refunded; the timeline merges them with its other sources by `at`.
 */
export async function proposalTimelineEntries(
  db: Kysely<Database>,
  dealId: string,
): Promise<DealTimelineEntry[]> {
  const rows = await db
    .selectFrom("deal_proposals")
    .select([
      "version",
      "total_cents",
      "sent_at",
      "sent_to",
      "first_viewed_at",
      "view_count",
      "accepted_at",
      "accepted_name",
      "accepted_title",
      "accepted_address",
      "deposit_paid_at",
      "deposit_paid_cents",
      "deposit_session_id",
      "deposit_refunded_cents",
      "deposit_refunded_at",
    ])
    .where("deal_id", "=", dealId)
    .where("sent_at", "is not", null)
    .execute();
  return rows.flatMap((row): DealTimelineEntry[] => [
    {
      at: row.sent_at!,
      kind: "proposal-sent",
      title: `Proposal version ${row.version} sent`,
      detail: `${centsLabel(row.total_cents)} to ${row.sent_to}`,
    },
    ...(row.first_viewed_at
      ? [
          {
            at: row.first_viewed_at,
            kind: "proposal-viewed",
            title: `Proposal version ${row.version} first viewed`,
            detail: `${row.view_count} ${row.view_count === 1 ? "view" : "views"} in all`,
          },
        ]
      : []),
    ...(row.accepted_at
      ? [
          {
            at: row.accepted_at,
            kind: "proposal-accepted",
            title: `Proposal version ${row.version} accepted`,
            detail: `By ${row.accepted_name}, ${row.accepted_title}, from ${row.accepted_address}`,
          },
        ]
      : []),
    ...(row.deposit_paid_at
      ? [
          {
            at: row.deposit_paid_at,
            kind: "deposit-paid",
            title: `Deposit of ${centsLabel(row.deposit_paid_cents ?? 0)} paid`,
            detail: `Version ${row.version}, through Stripe Checkout (${row.deposit_session_id})`,
          },
        ]
      : []),
    ...(row.deposit_refunded_at && row.deposit_refunded_cents
      ? [
          {
            at: row.deposit_refunded_at,
            kind: "deposit-refunded",
            title: `Deposit: ${centsLabel(row.deposit_refunded_cents)} refunded in Stripe`,
            detail: `Version ${row.version}`,
          },
        ]
      : []),
  ]);
}
