/** What providers report after they accept an email (migration 685). */
export interface DeliverabilityTables {
  provider_webhook_events: ProviderWebhookEventTable;
  delivery_events: DeliveryEventTable;
}

export type DeliveryProvider = "ses" | "postmark" | "mailgun" | "sendgrid" | "resend" | "imap";

/** A verified webhook body, kept as received: written before the answer, processed after it. */
export interface ProviderWebhookEventTable {
  id: string;
  provider: DeliveryProvider;
  body: string;
  received_at: string;
  processed_at: string | null;
  attempts: number;
  last_error: string | null;
}

/** One bounce or complaint, unique per (provider, provider_event_id). */
export interface DeliveryEventTable {
  id: string;
  provider: DeliveryProvider;
  provider_event_id: string;
  kind: "bounce" | "complaint";
  bounce: "hard" | "soft" | null;
  email_key: string;
  person_id: string | null;
  /** The outbox email the event quotes (our Message-ID), and what it was for. */
  outbox_email_id: string | null;
  broadcast_id: string | null;
  sequence_step_id: string | null;
  purpose: string | null;
  occurred_at: string;
  received_at: string;
  detail: string;
  /** What the policy did: `recorded`, `suppressed` (bounce) or `unsubscribed` (complaint). */
  outcome: DeliveryOutcome;
}

export type DeliveryOutcome = "recorded" | "suppressed" | "unsubscribed";
