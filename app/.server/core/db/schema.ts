import type { AdminTables } from "../../admin/admin-tables";
import type { AnalyticsTables } from "../../analytics/analytics-tables";
import type { AudienceTables } from "../../audience/audience-tables";
import type { BookingTables } from "../../booking/booking-tables";
import type { BroadcastTables } from "../../broadcasts/broadcast-tables";
import type { DealTables } from "../../deals/deals-tables";
import type { ProposalTables } from "../../deals/proposal-tables";
import type { DeliverabilityTables } from "../../deliverability/deliverability-tables";
import type { PublishingTables } from "../../publishing/publishing-tables";
import type { LeadTables } from "../../leads/leads-tables";
import type { CheckoutTables } from "../../sales/checkout-tables";
import type { SequenceTables } from "../../sequences/sequence-tables";
import type { WorkshopTables } from "../../workshops/workshops-tables";

/**
 * The database's tables as Kysely sees them. Timestamps are ISO-8601 UTC strings
 * (`Date#toISOString()`), ids are UUID strings and JSON is stored as text: the same values and
 * ordering on SQLite and Postgres, so services never branch on the dialect.
 */
export interface Database
  extends
    CheckoutTables,
    AdminTables,
    LeadTables,
    AudienceTables,
    BroadcastTables,
    BookingTables,
    AnalyticsTables,
    SequenceTables,
    PublishingTables,
    WorkshopTables,
    DeliverabilityTables,
    DealTables,
    ProposalTables {
  outbox_emails: OutboxEmailTable;
  outbox_attempts: OutboxAttemptTable;
  rate_limit_windows: RateLimitWindowTable;
  rate_limit_buckets: RateLimitBucketTable;
}

/** A rate limit's token bucket every instance draws from (migration 304, renamed by 305). */
export interface RateLimitBucketTable {
  name: string;
  /** Tokens in thousandths, so a fraction filled between two draws is kept. */
  milli_tokens: number;
  filled_at: string;
}

/**
 * `cancelled`: a bulk email that was not to go out after all (unsubscribed, bounced, stopped);
 * `held`: a bulk email set aside while its batch is paused; `uncertain`: a bulk email whose sender
 * died mid-send, so it may or may not have gone out (never resent without the owner's word).
 */
export type OutboxEmailStatus =
  "pending" | "sending" | "sent" | "failed" | "cancelled" | "held" | "uncertain";

export interface OutboxEmailTable {
  id: string;
  /** What the email is for (`contact.owner-notification`, ...): for people reading the table. */
  purpose: string;
  to_address: string;
  from_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** Extra headers as a JSON object of strings. */
  headers: string;
  status: OutboxEmailStatus;
  attempts: number;
  next_attempt_at: string;
  /** The worker holding the email while it sends, until `locked_until` (its lease). */
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
  /** A broadcast's email: throttled, and its body completed from the broadcast when it is sent. */
  broadcast_id: string | null;
  /**
   * The template that draws the email and its data as JSON (migration 310): the worker renders it
   * when it sends. Null for a body rendered when queued (rows from before, bulk emails).
   */
  template: string | null;
  template_data: string | null;
  /** When a bulk email was found in flight with its sender dead (migration 545); kept after. */
  uncertain_at: string | null;
}

export interface OutboxAttemptTable {
  id: string;
  email_id: string;
  attempt: number;
  worker_id: string;
  started_at: string;
  finished_at: string;
  outcome: "sent" | "failed";
  error: string | null;
}

export interface RateLimitWindowTable {
  bucket: string;
  client_key: string;
  window_start: string;
  hits: number;
}
