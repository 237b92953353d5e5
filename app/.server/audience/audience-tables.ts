import type { Generated } from "kysely";
import type { ListName, MembershipStatus } from "~/lib/lists";

/** Everyone the site knows, one record per address (migration 203), and their lists (204). */
export interface AudienceTables {
  people: PersonTable;
  list_memberships: ListMembershipTable;
  people_imports: PeopleImportTable;
  people_import_chunks: PeopleImportChunkTable;
  people_import_undo: PeopleImportUndoTable;
  signup_requests: SignupRequestTable;
  erased_addresses: ErasedAddressTable;
}

/** An erased address, as a keyed hash (HMAC-SHA256) of its normalised form (migration 530). */
export interface ErasedAddressTable {
  address_hash: string;
  erased_at: string;
}

/** A list signup received and not yet turned into its membership (migration 210). */
export interface SignupRequestTable {
  id: string;
  email_key: string;
  /** The `MembershipRequest` as JSON. */
  request: string;
  received_at: string;
}

/** An uploaded CSV and the job that previews and imports it (migrations 205, 211, 520, 684). */
export interface PeopleImportTable {
  id: string;
  actor_email: string;
  file_name: string;
  /** How the file's text is encoded; null while it is still arriving. */
  encoding: string | null;
  created_at: string;
  state: Generated<ImportState>;
  /** The rows the running step has to go through, and has gone through (its progress). */
  rows_total: Generated<number>;
  rows_done: Generated<number>;
  /** The `ImportPreview` as JSON, computed once. */
  preview: string | null;
  /** The running import's counts so far, as JSON (kept with each batch, so a restart resumes). */
  tally: string | null;
  /** The finished import's counts, as JSON. */
  result: string | null;
  /** Who said import. */
  applied_by: string | null;
  /** The instance running the job and until when its claim holds. */
  lease_owner: string | null;
  lease_until: string | null;
}

/**
 * A staged import's steps: `previewing` and `importing` and `cancelling` are the job's to run;
 * `preview` waits for the owner; `done` and `cancelled` are kept to show how it ended.
 */
export type ImportState =
  "uploading" | "previewing" | "preview" | "importing" | "cancelling" | "done" | "cancelled";

/** What undoes one applied batch of an import (migration 684); gone once the import ends. */
export interface PeopleImportUndoTable {
  import_id: string;
  seq: number;
  /** The `BatchUndo` as JSON. */
  data: string;
}

/** The bytes of a staged CSV, about a megabyte a row, base64 (migration 211). */
export interface PeopleImportChunkTable {
  import_id: string;
  seq: number;
  /** The file's bytes as uploaded (migration 520). */
  data: Uint8Array;
}

export interface PersonTable {
  id: string;
  /** As first given; `email_key` (trimmed, lower case) is the unique one. */
  email: string;
  email_key: string;
  first_name: string | null;
  last_name: string | null;
  /** The page through which the site first heard of them (`/contact`, `/resources`, ...). */
  source: string;
  first_seen_at: string;
  last_seen_at: string;
  /**
   * A permanent SMTP refusal (5xx to RCPT TO) of the address: lists and broadcasts skip the person
   * from then on; cleared when they confirm a list again.
   */
  bounced_at: string | null;
  bounce_reason: string | null;
  /** The IANA time zone their browser last gave (migration 570): their morning for sequences. */
  time_zone?: string | null;
  /**
   * A provider reported their spam complaint (migration 685): they were taken off every list at
   * once; transactional emails still go. Cleared only by the owner's "lift".
   */
  complained_at?: string | null;
}

/** A person's consent to one list: pending until they follow the emailed link. */
export interface ListMembershipTable {
  id: string;
  person_id: string;
  list: ListName;
  status: MembershipStatus;
  /** JSON array of interest keys (the newsletter's). */
  interests: string;
  /** The page of the form they used (or `import`). */
  source: string;
  /** The wording they agreed to, as shown to them. */
  consent_text: string;
  consented_at: string;
  confirmation_sent_at: string | null;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  /** The waitlist's 'now available' email was queued (it is sent once). */
  notified_at: string | null;
  created_at: string;
  updated_at: string;
  /**
   * The first name and IANA zone the pending signup gave (migration 683): the person takes them
   * when the signup is confirmed, never before (decision 307).
   */
  signup_first_name?: string | null;
  signup_time_zone?: string | null;
}
