/** The tables of the checkout (migrations 101–103), part of the Database interface in schema.ts. */

/** An order's status as the console shows it. `expired`: Stripe closed the session unpaid. */
export type OrderStatus = "pending" | "paid" | "refunded" | "failed" | "expired";

/**
 * As stored: `prepared` is a session made while the buyer filled the form, not pressed for
 * (decision 275); it is not an order yet and the console does not show it.
 */
export type StoredOrderStatus = OrderStatus | "prepared";

export interface OrderTable {
  id: string;
  status: StoredOrderStatus;
  /** JSON array of OrderItem: what was sold, at the catalog's price when the order was made. */
  items: string;
  amount_total_cents: number;
  currency: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  /** JSON object of the address fields the buyer gave, or null. */
  billing_address: string | null;
  stripe_session_id: string | null;
  stripe_payment_intent_id: string | null;
  /** What Stripe says was paid (amount_total of the completed session). */
  amount_paid_cents: number | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  refunded_at: string | null;
  /** The buyer in `people` (migration 203). */
  person_id: string | null;
}

export interface StripeEventTable {
  id: string;
  type: string;
  received_at: string;
}

export interface DownloadLinkTable {
  id: string;
  order_id: string;
  expires_at: string;
  max_downloads: number;
  download_count: number;
  revoked_at: string | null;
  created_at: string;
}

export interface CheckoutTables {
  orders: OrderTable;
  stripe_events: StripeEventTable;
  download_links: DownloadLinkTable;
}
