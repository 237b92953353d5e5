import type { Kysely } from "kysely";
import type { OrderItem } from "~/lib/catalog";
import type { Database } from "../../core/db/schema";
import { invalidInput, type InvalidInput } from "../../core/invalid-input";
import { checkRateLimits } from "../../core/rate-limit";
import type { ServiceDeps } from "../../core/service-deps";
import { visitSourceOf } from "../../analytics";
import { loadAvailabilityRules } from "../slots/availability-store";
import { recordBookingConversion } from "./booking-conversions";
import { queueBookingConfirmed } from "../booking-emails";
import { readBookingLink } from "./booking-links";
import { paidSessionRequestSchema } from "./booking-request-schema";
import { loadBusyTimes } from "../owner-calendar/busy-times";
import { claimSlot, type ClaimOutcome } from "../slots/claim-slot";
import { meetingUrlFor } from "./meeting-link";
import { sessionKind } from "./session-kinds";

/** Where a buyer's booking link stands. */
export type PaidSessionState =
  | { state: "invalid-link" }
  /** Not paid, refunded, or no session was bought with it. */
  | { state: "not-bookable" }
  | { state: "booked"; startsAt: string; timeZone: string; meetingUrl: string }
  | { state: "ready"; orderId: string; name: string; email: string };

type OrderRow = { id: string; status: string; items: string; email: string; name: string };

async function orderOf(db: Kysely<Database>, orderId: string): Promise<OrderRow | undefined> {
  const order = await db
    .selectFrom("orders")
    .select(["id", "status", "items", "email", "first_name", "last_name"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) return undefined;
  const name = [order.first_name, order.last_name].filter(Boolean).join(" ");
  return { ...order, name: name || order.email };
}

function includesSession(order: OrderRow) {
  return (JSON.parse(order.items) as OrderItem[]).some(
    (item) => item.id === "breakthrough-session",
  );
}

/** What the buyer's link opens: the order it is bound to decides, never the link alone. */
export async function paidSessionState(
  { db, clock, config }: Pick<ServiceDeps, "db" | "clock" | "config">,
  token: string,
): Promise<PaidSessionState> {
  const link = readBookingLink(config, "booking-order", token, clock.now());
  if (!link.ok) return { state: "invalid-link" };
  const order = await orderOf(db, link.subject);
  if (!order) return { state: "invalid-link" };
  if (order.status !== "paid" || !includesSession(order)) return { state: "not-bookable" };
  const booking = await db
    .selectFrom("bookings")
    .select(["starts_at", "time_zone", "meeting_url"])
    .where("order_id", "=", order.id)
    .where("status", "not in", ["cancelled", "expired"])
    .executeTakeFirst();
  if (booking)
    return {
      state: "booked",
      startsAt: booking.starts_at,
      timeZone: booking.time_zone,
      meetingUrl: booking.meeting_url,
    };
  return { state: "ready", orderId: order.id, name: order.name, email: order.email };
}

export type PaidSessionOutcome =
  | InvalidInput
  | { outcome: "rate-limited"; retryAfterSeconds: number }
  | { outcome: "invalid-link" | "not-bookable" | "order-already-booked" }
  | { outcome: "booked" }
  | Extract<ClaimOutcome, { outcome: "taken" | "unavailable" }>;

/**
 * The buyer books the paid hour through the link bound to the order: exactly one session per
 * paid order (checked under the booking lock, and by the schema's unique index). It is confirmed
 * at once: the payment already proved the address.
 */
export async function bookPaidSession(
  deps: ServiceDeps,
  {
    token,
    fields,
    clientAddress,
  }: { token: string; fields: Record<string, unknown>; clientAddress: string },
): Promise<PaidSessionOutcome> {
  const parsed = paidSessionRequestSchema.safeParse(fields);
  if (!parsed.success) return invalidInput(parsed.error);
  const limited = await checkRateLimits(deps, {
    bucket: "booking",
    keys: [`ip:${clientAddress}`],
    limit: deps.config.BOOKING_RATE_LIMIT,
  });
  if (!limited.allowed)
    return { outcome: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  const state = await paidSessionState(deps, token);
  if (state.state === "booked") return { outcome: "order-already-booked" };
  if (state.state !== "ready") return { outcome: state.state };
  const now = deps.clock.now();
  const rules = await loadAvailabilityRules(deps.db, deps.config);
  const source = await visitSourceOf(fields.attribution, deps, clientAddress);
  const claimed = await claimSlot(
    deps.db,
    { rules, busy: await loadBusyTimes(deps.db), now },
    {
      kind: "breakthrough",
      start: parsed.data.start,
      durationMinutes: sessionKind("breakthrough", rules.introCallMinutes).minutes,
      name: state.name,
      email: state.email,
      timeZone: parsed.data.timeZone,
      source: "/booking/session",
      meetingUrl: meetingUrlFor(deps.config),
      orderId: state.orderId,
    },
    async (trx, bookingId) => {
      await queueBookingConfirmed(trx, deps, bookingId);
      await recordBookingConversion(trx, {
        bookingId,
        source,
        now,
      });
    },
  );
  if (claimed.outcome !== "claimed") return claimed;
  deps.outbox.wake();
  return { outcome: "booked" };
}
