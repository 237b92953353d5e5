import type { Kysely } from "kysely";
import { recordAdminAction } from "../../core/audit-log";
import type { Database } from "../../core/db/schema";
import { invalidInput, type InvalidInput } from "../../core/invalid-input";
import { checkRateLimits } from "../../core/rate-limit";
import type { ServiceDeps } from "../../core/service-deps";
import { loadAvailabilityRules } from "../slots/availability-store";
import { cancelBooking, rescheduleBooking } from "./reschedule-and-cancel";
import { queueOwnerChangeNotice } from "../booking-emails";
import { readBookingLink, type BookerChangePurpose } from "./booking-links";
import { paidSessionRequestSchema } from "./booking-request-schema";
import { slotsToMoveTo } from "../slots/move-slots";
import { bookedSession } from "./session-kinds";
import { sessionTimeLabel, slotDays } from "../slots/slot-labels";
import type { Slot } from "../slots/slots";
import { visitorZone } from "../slots/visitor-zone";
import { bookingSummary, type BookingSummary } from "./booking-summary";

type Deps = Pick<ServiceDeps, "db" | "clock" | "config">;

/** The session a booker's link names, as its page tells it (in the booker's zone). */
export type BookerSession = {
  id: string;
  title: string;
  minutes: number;
  when: string;
  summary: BookingSummary;
};

/** Where a booker's move or cancel link stands when it is opened or posted. */
export type BookerLinkState =
  | { state: "invalid-link" }
  | { state: "cancelled"; session: BookerSession }
  /** Inside the owner's cut-off, or the session is over: only the owner can change it now. */
  | { state: "closed"; session: BookerSession }
  | { state: "open"; session: BookerSession; cutoffAt: string };

/** The booking a link names and whether its booker may still change it. */
export async function bookerLinkState(
  { db, clock, config }: Deps,
  purpose: BookerChangePurpose,
  token: string,
): Promise<BookerLinkState> {
  const now = clock.now();
  const link = readBookingLink(config, purpose, token, now);
  if (!link.ok) return { state: "invalid-link" };
  const row = await db
    .selectFrom("bookings")
    .select(["id", "kind", "status", "starts_at", "ends_at", "time_zone", "email"])
    .where("id", "=", link.subject)
    .executeTakeFirst();
  // Only a confirmed session's emails carry these links; an erased one is gone.
  if (!row || row.status === "held" || row.status === "expired") return { state: "invalid-link" };
  const kind = bookedSession(row);
  const session = {
    id: row.id,
    title: kind.title,
    minutes: kind.minutes,
    when: sessionTimeLabel(new Date(row.starts_at), row.time_zone),
    summary: bookingSummary(row, { ownerZone: config.BOOKING_TIME_ZONE }),
  };
  if (row.status === "cancelled") return { state: "cancelled", session };
  const rules = await loadAvailabilityRules(db, config);
  const cutoffAt = Date.parse(row.starts_at) - rules.bookerChangeCutoffMinutes * 60_000;
  if (row.status !== "confirmed" || now.getTime() >= cutoffAt) return { state: "closed", session };
  return { state: "open", session, cutoffAt: new Date(cutoffAt).toISOString() };
}

/**
 * The booker's reschedule page: the link's state and, while open, the times it may move to in
 * the visitor's zone (the address's `tz`, else the owner's).
 */
export async function bookerReschedulePage(deps: Deps, token: string, zoneParam: string | null) {
  const state = await bookerLinkState(deps, "booking-reschedule", token);
  const { unknownZone, ...choice } = visitorZone(zoneParam, deps.config.BOOKING_TIME_ZONE);
  if (state.state !== "open") return { state, picker: null, unknownZone };
  const slots = await slotsToMoveTo(deps.db, deps.config, {
    bookingId: state.session.id,
    minutes: state.session.minutes,
    now: deps.clock.now(),
  });
  return { state, picker: { ...choice, days: slotDays(slots, choice.zone) }, unknownZone };
}

export type BookerChangeOutcome =
  | InvalidInput
  | { outcome: "rate-limited"; retryAfterSeconds: number }
  | { outcome: "rescheduled" | "cancelled" }
  /** A move to the time the session already has: nothing changed, nothing sent. */
  | { outcome: "unchanged" }
  | Exclude<BookerLinkState, { state: "open" }>
  | { outcome: "taken" | "unavailable"; slots: Slot[] };

/**
 * The booker moves or cancels their own session through a link from their emails, until the
 * owner's cut-off. The owner's console code does the change (same transaction, same invite
 * SEQUENCE and emails); the audit names the booker, and the owner is told in the same transaction.
 */
export async function changeSessionAsBooker(
  deps: ServiceDeps,
  {
    purpose,
    token,
    fields,
    clientAddress,
  }: {
    purpose: BookerChangePurpose;
    token: string;
    fields: Record<string, unknown>;
    clientAddress: string;
  },
): Promise<BookerChangeOutcome> {
  const parsed =
    purpose === "booking-reschedule" ? paidSessionRequestSchema.safeParse(fields) : null;
  if (parsed && !parsed.success) return invalidInput(parsed.error);
  const limited = await checkRateLimits(deps, {
    bucket: "booking",
    keys: [`ip:${clientAddress}`],
    limit: deps.config.BOOKING_RATE_LIMIT,
  });
  if (!limited.allowed)
    return { outcome: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  const state = await bookerLinkState(deps, purpose, token);
  if (state.state !== "open") return state;
  const bookingId = state.session.id;
  const now = deps.clock.now();
  const record =
    (change: "rescheduled" | "cancelled", detail: Record<string, unknown>) =>
    async (trx: Kysely<Database>) => {
      await recordAdminAction(trx, {
        actor: "booker",
        action: change === "rescheduled" ? "booking.reschedule" : "booking.cancel",
        subject: bookingId,
        detail,
        now,
      });
      await queueOwnerChangeNotice(trx, deps, bookingId, change);
    };

  if (parsed) {
    const start = parsed.data.start;
    const result = await rescheduleBooking(
      deps,
      { bookingId, start },
      record("rescheduled", { start: new Date(start).toISOString() }),
    );
    // Changed by the owner in the meantime: the link is read again for what it says now.
    if (result.outcome === "not-found") return closedOr(deps, purpose, token);
    if (result.outcome !== "rescheduled") return result;
    deps.outbox.wake();
    return { outcome: "rescheduled" };
  }
  const result = await cancelBooking(deps, bookingId, record("cancelled", {}));
  if (result.outcome === "not-found") return closedOr(deps, purpose, token);
  deps.outbox.wake();
  return { outcome: "cancelled" };
}

async function closedOr(deps: Deps, purpose: BookerChangePurpose, token: string) {
  const state = await bookerLinkState(deps, purpose, token);
  return state.state === "open" ? { state: "closed" as const, session: state.session } : state;
}

/** The HTTP status of a booker's link: forged 404, too late or already cancelled 409. */
export function bookerLinkStatus(state: BookerLinkState["state"]) {
  return state === "invalid-link" ? 404 : state === "open" ? 200 : 409;
}
