import { randomUUID } from "node:crypto";
import ICAL from "ical.js";
import { orderBookingUrl } from "~/.server/booking";
import type { AppConfig } from "~/.server/core/config";
import type { Db } from "~/.server/core/db/database";
import type { ServiceDeps } from "~/.server/core/service-deps";
import { orderItemsFromCatalog } from "~/.server/sales/order-items";
import type { PurchasableItemId } from "~/lib/catalog";
import { ManualClock } from "./manual-clock";

/** An iCalendar invite read back with a real parser: what calendars compare between versions. */
export function parseInvite(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent("vevent")!;
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.getFirstPropertyValue("uid"),
    sequence: event.getFirstPropertyValue("sequence"),
    start: (event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
    end: (event.getFirstPropertyValue("dtend") as ICAL.Time).toJSDate().toISOString(),
  };
}

/** An order for the Sales Breakthrough Hour (paid unless told), as the checkout would leave it. */
export async function insertSessionOrder(
  db: Db,
  {
    at,
    id = randomUUID(),
    status = "paid",
    email = "buyer@example.com",
    firstName = "Ada",
    lastName = "Lovelace",
    items = ["breakthrough-session"],
  }: {
    at: Date;
    id?: string;
    status?: "paid" | "pending";
    email?: string;
    firstName?: string;
    lastName?: string;
    items?: PurchasableItemId[];
  },
): Promise<string> {
  const paid = status === "paid";
  await db
    .insertInto("orders")
    .values({
      id,
      status,
      items: JSON.stringify(orderItemsFromCatalog(items)),
      amount_total_cents: 29500,
      currency: "usd",
      email,
      first_name: firstName,
      last_name: lastName,
      billing_address: null,
      stripe_session_id: null,
      stripe_payment_intent_id: null,
      amount_paid_cents: paid ? 29500 : null,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
      paid_at: paid ? at.toISOString() : null,
      refunded_at: null,
      person_id: null,
    })
    .execute();
  return id;
}

/** The token of the buyer's booking link for an order. */
export function orderBookingToken(config: AppConfig, orderId: string) {
  return orderBookingUrl(config, orderId).split("/booking/session/")[1]!;
}

/** Every table a booking test writes, in an order its foreign keys allow emptying. */
const bookingTestTables = [
  "booking_reminders",
  "bookings",
  "booking_calendar",
  "booking_availability",
  "outbox_emails",
  "rate_limit_windows",
  "admin_audit_log",
  "analytics_events",
  "analytics_attributions",
  "orders",
] as const;

export type BookingTestDeps = ServiceDeps & { clock: ManualClock; wakes: number };

/**
 * A clean slate for a booking test and the dependencies its services take, the clock held at
 * `at` (by default Monday 1 June 2026, 06:00 in Denver); `wakes` counts the outbox's wake-ups.
 */
export async function freshBookingDeps(
  db: Db,
  config: AppConfig,
  at = "2026-06-01T12:00:00.000Z",
): Promise<BookingTestDeps> {
  for (const table of bookingTestTables) await db.deleteFrom(table).execute();
  const deps = {
    db,
    clock: new ManualClock(at),
    config,
    wakes: 0,
    outbox: { wake: () => void (deps.wakes += 1) },
  };
  return deps;
}
