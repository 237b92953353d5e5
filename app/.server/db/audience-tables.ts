/** Everyone the site knows, one record per address (migration 203). */
export interface AudienceTables {
  people: PersonTable;
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
  /** A permanent SMTP refusal (5xx) of the address: broadcasts skip the person from then on. */
  bounced_at: string | null;
  bounce_reason: string | null;
}
