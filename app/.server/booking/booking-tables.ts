/** The tables of booking (migrations 401, 410, 411), part of the Database interface in schema.ts. */

export type BookingKind = "intro" | "breakthrough";

/**
 * `held`: a free session waiting for its email confirmation, until `hold_expires_at`.
 * Every status but `cancelled` and `expired` keeps the time taken.
 */
export type BookingStatus =
  "held" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show";

export interface BookingTable {
  id: string;
  kind: BookingKind;
  status: BookingStatus;
  starts_at: string;
  ends_at: string;
  /** The time the session keeps from others, buffers included, in minutes since 1970 (UTC). */
  blocked_from_minute: number;
  blocked_until_minute: number;
  hold_expires_at: string | null;
  order_id: string | null;
  person_id: string | null;
  name: string;
  email: string;
  time_zone: string;
  meeting_url: string;
  invite_sequence: number;
  owner_note: string | null;
  created_at: string;
  updated_at: string;
  confirmed_at: string | null;
  cancelled_at: string | null;
  /** The visit's source (VisitSource as JSON) until a free call's confirmation credits it. */
  visit_source: string | null;
}

export interface BookingAvailabilityTable {
  id: string;
  rules: string;
  updated_at: string;
}

/** A reminder claimed once (migration 410): a session's 24h and 1h, an unbooked order's 48h. */
export interface BookingReminderTable {
  subject_id: string;
  reminder: "24h" | "1h" | "unbooked-48h";
  due_for: string;
  outcome: "sent" | "covered";
  created_at: string;
}

/** The owner's own calendar (migration 420): one row, id 'owner'. */
export interface BookingCalendarTable {
  id: string;
  /** SHA-256 of the private feed's token; NULL while there is no feed. */
  feed_token_hash: string | null;
  feed_created_at: string | null;
  busy_url: string | null;
  /** JSON [[startMs, endMs], ...]: the last good copy's events over the horizon. */
  busy_times: string;
  busy_fetched_at: string | null;
  busy_checked_at: string | null;
  busy_error: string | null;
  updated_at: string;
}

export interface BookingTables {
  bookings: BookingTable;
  booking_availability: BookingAvailabilityTable;
  booking_reminders: BookingReminderTable;
  booking_calendar: BookingCalendarTable;
}
