import type { DealStage } from "~/lib/deal-schema";

/**
 * The pipeline: deals and the claims of their next-step emails (migration 710), and their
 * timeline's notes, emails and stage changes (migration 711).
 */
export interface DealTables {
  deals: DealTable;
  deal_reminders: DealReminderTable;
  deal_notes: DealNoteTable;
  deal_emails: DealEmailTable;
  deal_stage_changes: DealStageChangeTable;
}

export interface DealTable {
  id: string;
  title: string;
  /** A contact interest (Corporate Training, ...): what the deal is for. */
  interest: string;
  stage: DealStage;
  /** Why a lost deal was lost; null in every other stage. */
  lost_reason: string | null;
  value_cents: number | null;
  team_size: number | null;
  /** Local dates, YYYY-MM-DD. */
  expected_close_on: string | null;
  next_step: string | null;
  next_step_due_on: string | null;
  person_id: string | null;
  /** The inbox message it was opened from, if any (unique). */
  contact_message_id: string | null;
  stage_changed_at: string;
  created_at: string;
  updated_at: string;
}

/** One row per next-step email sent: its claim, keyed by deal and due date. */
export interface DealReminderTable {
  deal_id: string;
  due_on: string;
  created_at: string;
}

/** A note the owner adds on a deal's page. */
export interface DealNoteTable {
  id: string;
  deal_id: string;
  body: string;
  author: string;
  created_at: string;
}

/** An email the owner wrote from a deal; its delivery state is its outbox row's. */
export interface DealEmailTable {
  id: string;
  deal_id: string;
  outbox_email_id: string;
  to_address: string;
  subject: string;
  body: string;
  author: string;
  created_at: string;
}

/** One move of a deal from a stage to another (a lost one with its reason). */
export interface DealStageChangeTable {
  id: string;
  deal_id: string;
  from_stage: DealStage;
  to_stage: DealStage;
  lost_reason: string | null;
  actor: string;
  changed_at: string;
}
