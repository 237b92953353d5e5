import type { Generated } from "kysely";
import type { InboxStatus } from "~/lib/admin-statuses";

/** Leads: the contact messages visitors send, which the owner works in the inbox. */
export interface LeadTables {
  contact_messages: ContactMessageTable;
}

export interface ContactMessageTable {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  company: string | null;
  interest: string;
  message: string;
  /** Where the owner is with it; the inbox moves it new → replied → archived. */
  status: Generated<ContactMessageStatus>;
  status_changed_at: string | null;
  person_id: string | null;
  created_at: string;
}

export type ContactMessageStatus = InboxStatus;
