import { fixedStatement } from "../../core/db/fixed-statement";
import type { Db, Trx } from "../../core/db/database";
import { withoutSecrets } from "~/lib/secret-paths";

/**
 * Events the server records where the work is done, so they count without JavaScript and no
 * browser can forge them. Each is written in the transaction of the work it reports.
 */
export type ServerEventName =
  | "guide_download"
  | "newsletter_signup"
  | "newsletter_confirmation"
  | "waitlist_signup"
  | "contact_message"
  | "checkout_start"
  | "purchase"
  | "booking";

export type ServerEvent = {
  name: ServerEventName;
  at: Date;
  /** The page the work was asked from, or the endpoint that did it. */
  path: string;
  /** What it was about: a guide's file, a list, a product. */
  item?: string;
  amountCents?: number;
};

/** The columns of a visit, empty on an event no page view carries (the server's, a download's). */
export const withoutVisit = {
  visitor: null,
  referrer_domain: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  screen: null,
  label: null,
} as const;

const insertServerEvent = fixedStatement<{
  occurred_at: string;
  name: ServerEventName;
  path: string;
  item: string | null;
  amount_cents: number | null;
}>((db, value) =>
  db.insertInto("analytics_events").values({
    occurred_at: value("occurred_at"),
    name: value("name"),
    ...withoutVisit,
    path: value("path"),
    item: value("item"),
    amount_cents: value("amount_cents"),
  }),
);

export async function recordServerEvent(db: Db | Trx, event: ServerEvent) {
  await insertServerEvent(db, {
    occurred_at: event.at.toISOString(),
    name: event.name,
    path: withoutSecrets(event.path),
    item: event.item ?? null,
    amount_cents: event.amountCents ?? null,
  });
}

/** A booking made (the booking service calls this in its transaction when it lands). */
export function recordBookingEvent(
  db: Db | Trx,
  booking: { at: Date; path: string; item?: string; amountCents?: number },
) {
  return recordServerEvent(db, { name: "booking", ...booking });
}
