import { randomUUID } from "node:crypto";
import ICAL from "ical.js";
import { orderBookingUrl } from "~/.server/booking";
import type { AppConfig } from "~/.server/core/config";
import type { Db } from "~/.server/core/db/database";
import { orderItemsFromCatalog } from "~/.server/sales/order-items";
import type { PurchasableItemId } from "~/lib/catalog";

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
