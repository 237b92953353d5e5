/**
 * Proposals on deals (migration 715): one row per version, its sending, views and acceptance,
 * and its deposit's payment (716) and refunds (717).
 */
export interface ProposalTables {
  deal_proposals: DealProposalTable;
}

export interface DealProposalTable {
  id: string;
  deal_id: string;
  /** 1, 2, ... per deal: every save of the template is a new version. */
  version: number;
  program: string;
  team_size: number;
  /** Local dates, YYYY-MM-DD. */
  starts_on: string;
  ends_on: string | null;
  /** JSON of `ProposalPriceLine[]`. */
  price_lines: string;
  total_cents: number;
  terms: string;
  /** The last day it can be accepted (local date). */
  valid_until: string;
  deposit_cents: number | null;
  created_by: string;
  created_at: string;
  /** The address the link went to, and when; null until sent. */
  sent_to: string | null;
  sent_at: string | null;
  first_viewed_at: string | null;
  view_count: number;
  accepted_at: string | null;
  accepted_name: string | null;
  accepted_title: string | null;
  /** The date the client wrote on the form. */
  accepted_on: string | null;
  /** The client's IP address when they accepted. */
  accepted_address: string | null;
  /** The deposit's Checkout session opened last, and when (migration 716, decision 324). */
  deposit_session_id: string | null;
  deposit_session_opened_at: string | null;
  /** Set once, by the first paid session: the deposit is paid. */
  deposit_paid_at: string | null;
  deposit_paid_cents: number | null;
  deposit_payment_intent_id: string | null;
  /** Refunded in Stripe (717): Stripe's running total of the deposit refunded, and when. */
  deposit_refunded_cents: number | null;
  deposit_refunded_at: string | null;
}

export type ProposalPriceLine = { label: string; amountCents: number };
