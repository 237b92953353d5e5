/** Broadcasts to a list and their deliveries (migration 301). */
export interface BroadcastTables {
  broadcasts: BroadcastTable;
  broadcast_deliveries: BroadcastDeliveryTable;
  broadcast_pause_events: BroadcastPauseEventTable;
  broadcast_refusals: BroadcastRefusalTable;
}

/**
 * Why a broadcast paused (migration 545): `block`, a refusal no retry fixes (5.7.1), resumed by
 * the owner; `burst`, permanent refusals past the owner's share; `temporary`, 4xx refusals that
 * persisted after back-off, resumed by itself once a probe send is accepted; `complaints`, its
 * complaint rate past BROADCAST_COMPLAINT_PAUSE_PERCENT (decision 312), resumed by the owner.
 */
export type BroadcastPauseCause = "block" | "burst" | "temporary" | "complaints";

/** One pause of a broadcast, added when it pauses and closed when it ends (never overwritten). */
export interface BroadcastPauseEventTable {
  id: string;
  broadcast_id: string;
  paused_at: string;
  cause: BroadcastPauseCause;
  reason: string;
  /** The refusal's class (`provider`, `transient`, `mailbox`) and code (`452 4.3.1`). */
  refusal_class: string | null;
  refusal_code: string | null;
  ended_at: string | null;
  /** The owner's address, `probe` (resumed by itself), `cancelled` or `block`. */
  ended_by: string | null;
  /** The one email let through to try the provider again, while a temporary pause lasts. */
  probe_email_id: string | null;
  next_probe_at: string | null;
  probes: number;
}

export type BroadcastRefusalOutcome = "retried" | "held" | "bounced" | "failed";

/** One refused attempt of a broadcast email (migration 545): the report's refusals and retries. */
export interface BroadcastRefusalTable {
  id: string;
  broadcast_id: string;
  email_id: string;
  refused_at: string;
  refusal_class: string;
  code: string | null;
  outcome: BroadcastRefusalOutcome;
}

/**
 * draft → (scheduled →) queued while its deliveries are written → sending → sent; cancelled from
 * any state before sent stops whatever has not gone out; paused (from queued or sending) when its
 * provider refused it, until the owner resumes it; overdue (from scheduled) when its time passed
 * while the site was down, until the owner sends it now or schedules it again.
 */
export type BroadcastStatus =
  "draft" | "scheduled" | "overdue" | "queued" | "sending" | "paused" | "sent" | "cancelled";

/** The lists people join; a broadcast may also go to a `group` another capability names (decision 265). */
export type MailingList = "newsletter" | "waitlist";
export type BroadcastList = MailingList | "group";

export interface BroadcastTable {
  id: string;
  subject: string;
  preview_text: string;
  body_markdown: string;
  audience_list: BroadcastList;
  /** JSON array of interest keys; empty means the whole list. */
  audience_interests: string;
  /** For `group`: the group's key (`workshop-cohort:<id>`) and its label when the owner chose it. */
  audience_group: string | null;
  audience_group_label: string | null;
  status: BroadcastStatus;
  scheduled_at: string | null;
  /** The email as rendered when it was frozen, with a placeholder for each reader's own link. */
  frozen_html: string | null;
  frozen_text: string | null;
  frozen_at: string | null;
  /** The id of the last person queued (people are queued in id order). */
  queue_cursor: string | null;
  /** Set once every recipient has a delivery. */
  queued_at: string | null;
  /** Set when published to the archive, with `published_at`. */
  slug: string | null;
  published_at: string | null;
  cancelled_at: string | null;
  /** Set while paused (migration 302), with the reason the owner reads. */
  paused_at: string | null;
  pause_reason: string | null;
  /** When it began to go out and when its last email was settled (migration 302). */
  started_at: string | null;
  finished_at: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
  /** The article it sends (migration 640): one article goes to one list once. */
  source_article_id: string | null;
}

export interface BroadcastDeliveryTable {
  id: string;
  broadcast_id: string;
  person_id: string;
  outbox_email_id: string;
  created_at: string;
  /** When the person used this email's unsubscribe link. */
  unsubscribed_at: string | null;
  /** When the receiving server refused the address for good (migration 302). */
  bounced_at: string | null;
}
