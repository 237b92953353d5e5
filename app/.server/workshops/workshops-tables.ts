/** The workshops' tables (migration 580), part of the Database interface in schema.ts. */

/** What an event is: the three kinds the contact page has always listed. */
export type EventKind = "Keynote" | "Workshop" | "Panel";

/**
 * A dated appearance: a keynote, a panel, or a workshop. A workshop with `seats` is a cohort
 * people register for; its `held` and `sold` counters are changed only by the one conditional
 * UPDATE that keeps `held + sold <= seats` (seats.ts).
 */
export interface WorkshopEventTable {
  id: string;
  kind: EventKind;
  title: string;
  description: string;
  /** City, as the contact page prints it ("Boulder, CO"). */
  location: string;
  venue: string | null;
  /** Local dates in the events' zone (YYYY-MM-DD). */
  start_date: string;
  end_date: string | null;
  /** null: not a cohort (nobody registers). */
  seats: number | null;
  held: number;
  sold: number;
  price_cents: number | null;
  deposit_cents: number | null;
  early_price_cents: number | null;
  /** Last local day (YYYY-MM-DD) the early price applies. */
  early_deadline: string | null;
  /** Local dates (YYYY-MM-DD) registration opens and closes (inclusive); null: open now / until the day before the first. */
  registration_opens_on: string | null;
  registration_closes_on: string | null;
  /** Raised when the dates or place change, so every invite sent since replaces the last. */
  invite_sequence: number;
  /** Days before the first day the balance of a deposit is asked for (default 30). */
  balance_due_days: number;
  /** Last local day a cancellation is refunded in full; null: until the balance is asked for. After it, a credit. */
  full_refund_until: string | null;
  /** When the owner cancelled the cohort (migration 691); null while it stands. */
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * `held`: a seat kept while the Checkout session is open; `paid`: a seat sold; `expired`: the
 * session ended unpaid; `refunded`: paid after the hold lapsed with no seat left, or refunded in
 * Stripe's dashboard, money returned; `cancelled`: the attendee cancelled through their link
 * (refunded or credited as the policy gave, see `refunded_cents` and `credit_cents`).
 */
export type RegistrationStatus = "held" | "paid" | "expired" | "refunded" | "cancelled";

export interface WorkshopRegistrationTable {
  id: string;
  event_id: string;
  name: string;
  email: string;
  person_id: string | null;
  status: RegistrationStatus;
  /** What the visitor chose to pay now. */
  payment: "deposit" | "full";
  /** The cohort's price for this attendee (early price included) and what Checkout charged. */
  price_cents: number;
  charged_cents: number;
  amount_paid_cents: number;
  stripe_session_id: string | null;
  stripe_payment_intent_id: string | null;
  stripe_refund_id: string | null;
  /** The Checkout session's own expires_at: the seat is held until then. */
  hold_expires_at: string;
  /** The waiting-list offer this registration uses, if any. */
  offer_id: string | null;
  source: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  /** The balance's own Checkout session (the "payment link"), its payment, and what it brought. */
  balance_session_id: string | null;
  balance_payment_intent_id: string | null;
  balance_paid_cents: number;
  balance_paid_at: string | null;
  /** A balance refunded in Stripe (migration 661): the total sent back, the last time. */
  balance_refunded_cents: number;
  balance_refunded_at: string | null;
  /** When the attendee stopped the owner's letters to this cohort (migration 660). */
  letters_stopped_at: string | null;
  cancelled_at: string | null;
  refunded_cents: number;
  credit_cents: number;
  /** The SEQUENCE of the CANCEL sent to this attendee (migration 690); 0 until then. */
  invite_sequence: number;
}

/**
 * `waiting` in line; `offered` a seat kept for them until `offer_expires_at`; `accepted` they
 * registered through it; `lapsed` the offer ran out (they stay off the line); `removed` by the owner.
 */
export type WaitlistStatus = "waiting" | "offered" | "accepted" | "lapsed" | "removed";

export interface WorkshopWaitlistTable {
  id: string;
  event_id: string;
  name: string;
  email: string;
  status: WaitlistStatus;
  /** Why they joined: the visitor, or a late payment refunded for want of a seat. */
  reason: "visitor" | "refunded";
  offered_at: string | null;
  offer_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export type WorkshopNotice = "balance-request" | "balance-chase" | "reminder-week" | "reminder-day";

/** An email sent on a schedule, claimed once per registration and cohort start (migration 620). */
export interface WorkshopNoticeTable {
  registration_id: string;
  notice: WorkshopNotice;
  due_for: string;
  created_at: string;
}

export interface WorkshopTables {
  workshop_events: WorkshopEventTable;
  workshop_registrations: WorkshopRegistrationTable;
  workshop_waitlist: WorkshopWaitlistTable;
  workshop_notices: WorkshopNoticeTable;
}
