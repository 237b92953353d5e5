import type { Generated } from "kysely";
import type { SequenceRestart, SequenceStatus, SequenceTrigger } from "~/lib/sequence-schema";

/** Email sequences (migration 570, decision 170). */
export interface SequenceTables {
  sequences: SequenceTable;
  sequence_steps: SequenceStepTable;
  sequence_enrollments: SequenceEnrollmentTable;
  sequence_sends: SequenceSendTable;
}

export interface SequenceTable {
  id: string;
  name: string;
  trigger: SequenceTrigger;
  /** What narrows the trigger: a guide's slug, an interest key, another sequence's id. */
  trigger_detail: string | null;
  /** Only confirmed members of this list receive the sequence. */
  list: "newsletter" | "waitlist";
  /** The hour (0–23) in the reader's own time zone at which a step goes out. */
  send_hour: number;
  /** Buying this product ends the sequence for the buyer. */
  exit_product: string | null;
  exit_on_booking: number;
  /** Registering for a workshop (any cohort) ends it (migration 610). */
  exit_on_registration: number;
  /** Joining that sequence ends this one. */
  exit_on_sequence_id: string | null;
  /** What a trigger does for someone who was in it before (migration 695). */
  restart: SequenceRestart;
  status: SequenceStatus;
  created_at: string;
  updated_at: string;
}

export interface SequenceStepTable {
  id: string;
  sequence_id: string;
  position: number;
  subject: string;
  body_markdown: string;
  /** Days after the step before it (the start for the first); 0 goes at the next pass. */
  delay_days: number;
  /** 1 when written, one more at each edit of its subject, body or delay (migration 650). */
  version: Generated<number>;
  removed_at: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * `uncertain`: every step was queued, and one of the run's emails may not have gone out; it is in
 * progress until the owner sends it again (decision 326).
 */
export type EnrollmentStatus = "active" | "finished" | "cancelled" | "exited" | "uncertain";

export interface SequenceEnrollmentTable {
  id: string;
  sequence_id: string;
  person_id: string;
  status: EnrollmentStatus;
  last_position: number;
  last_step_id: string | null;
  last_done_at: string;
  next_due_at: string | null;
  ended_reason: string | null;
  started_at: string;
  updated_at: string;
}

export interface SequenceSendTable {
  /** The outbox email's id. */
  id: string;
  enrollment_id: string;
  sequence_id: string;
  step_id: string;
  person_id: string;
  queued_at: string;
  /** The step's version this reader's copy was drawn from (migration 650). */
  step_version: Generated<number>;
  unsubscribed_at: string | null;
}
