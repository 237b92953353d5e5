import { invalidInput, type InvalidInput } from "../../core/invalid-input";
import { checkRateLimits } from "../../core/rate-limit";
import type { ServiceDeps } from "../../core/service-deps";
import { checkSpamTraps, type SpamTrapValues } from "../../core/spam-traps";
import { emailKey } from "../../core/email-key";
import { visitSourceOf } from "../../analytics";
import { loadAvailabilityRules } from "../slots/availability-store";
import { keepVisitSource, recordBookingConversion } from "./booking-conversions";
import { queueBookingConfirmed, queueHoldConfirmation } from "../booking-emails";
import { readBookingLink } from "./booking-links";
import { introCallRequestSchema } from "./booking-request-schema";
import { loadBusyTimes } from "../owner-calendar/busy-times";
import { claimSlot, takeBookingLock, type ClaimOutcome } from "../slots/claim-slot";
import { meetingUrlFor } from "./meeting-link";
import { sessionKind } from "./session-kinds";
import { bookingSummary, type BookingSummary } from "./booking-summary";

export type IntroCallOutcome =
  | InvalidInput
  | { outcome: "rate-limited"; retryAfterSeconds: number }
  /** Held for BOOKING_HOLD_MINUTES; the confirmation email is on its way. */
  | { outcome: "held"; summary: BookingSummary }
  | Extract<ClaimOutcome, { outcome: "taken" | "unavailable" }>;

/**
 * A visitor asks for a free intro call. The slot is held (not yet booked) and an email asks the
 * address's owner to confirm, like the newsletter's double opt-in; an unconfirmed hold lapses.
 * Limited per visitor address and per email address; a caught bot is told it worked.
 */
export async function requestIntroCall(
  deps: ServiceDeps,
  {
    fields,
    traps,
    clientAddress,
  }: { fields: Record<string, unknown>; traps: SpamTrapValues; clientAddress: string },
): Promise<IntroCallOutcome> {
  const parsed = introCallRequestSchema.safeParse(fields);
  if (!parsed.success) return invalidInput(parsed.error);
  const request = parsed.data;
  const now = deps.clock.now();
  const rules = await loadAvailabilityRules(deps.db, deps.config);
  const kind = sessionKind("intro", rules.introCallMinutes);
  const holdMinutes = deps.config.BOOKING_HOLD_MINUTES;
  // What the held page tells: the time asked for, the address, the hold's length and end.
  const held = {
    outcome: "held",
    summary: bookingSummary(
      {
        kind: "intro",
        starts_at: new Date(request.start).toISOString(),
        ends_at: new Date(request.start + kind.minutes * 60_000).toISOString(),
        time_zone: request.timeZone,
        email: request.email,
        hold_expires_at: new Date(now.getTime() + holdMinutes * 60_000).toISOString(),
      },
      { ownerZone: deps.config.BOOKING_TIME_ZONE, holdMinutes },
    ),
  } as const;
  // A bot (no token, a forged or too young one, the honeypot) is told its hold was made.
  if (checkSpamTraps(deps, "booking", traps) !== "passed") return held;
  const limited = await checkRateLimits(deps, {
    bucket: "booking",
    keys: [`ip:${clientAddress}`, `email:${emailKey(request.email)}`],
    limit: deps.config.BOOKING_RATE_LIMIT,
  });
  if (!limited.allowed)
    return { outcome: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  const source = await visitSourceOf(fields.attribution, deps, clientAddress);
  const claimed = await claimSlot(
    deps.db,
    { rules, busy: await loadBusyTimes(deps.db), now },
    {
      kind: "intro",
      start: request.start,
      durationMinutes: kind.minutes,
      name: request.name,
      email: request.email,
      timeZone: request.timeZone,
      source: "/booking",
      meetingUrl: meetingUrlFor(deps.config),
      holdMinutes,
    },
    async (trx, bookingId) => {
      await keepVisitSource(trx, bookingId, source);
      await queueHoldConfirmation(trx, deps, bookingId);
    },
  );
  if (claimed.outcome === "taken" || claimed.outcome === "unavailable") return claimed;
  if (claimed.outcome !== "claimed") throw new Error(`An intro call cannot be ${claimed.outcome}`);
  deps.outbox.wake();
  return held;
}

export type IntroCallConfirmation =
  | { outcome: "confirmed" | "already-confirmed" }
  /** The hold lapsed (or the booking was cancelled) before the click. */
  | { outcome: "lapsed" }
  | { outcome: "invalid-link" };

/** The click on the confirmation email's button: the hold becomes the booking. */
export async function confirmIntroCall(
  deps: ServiceDeps,
  token: string,
): Promise<IntroCallConfirmation> {
  const now = deps.clock.now();
  const link = readBookingLink(deps.config, "booking-confirm", token, now);
  if (!link.ok) return { outcome: link.reason === "expired" ? "lapsed" : "invalid-link" };
  const result = await deps.db.transaction().execute(async (trx) => {
    await takeBookingLock(trx, now);
    const confirmed = await trx
      .updateTable("bookings")
      .set({ status: "confirmed", confirmed_at: now.toISOString(), updated_at: now.toISOString() })
      .where("id", "=", link.subject)
      .where("status", "=", "held")
      .executeTakeFirst();
    if (Number(confirmed.numUpdatedRows) === 1) {
      await queueBookingConfirmed(trx, deps, link.subject);
      await recordBookingConversion(trx, { bookingId: link.subject, now });
      return { outcome: "confirmed" } as const;
    }
    const booking = await trx
      .selectFrom("bookings")
      .select("status")
      .where("id", "=", link.subject)
      .executeTakeFirst();
    if (!booking) return { outcome: "invalid-link" } as const;
    return booking.status === "held" ||
      booking.status === "expired" ||
      booking.status === "cancelled"
      ? ({ outcome: "lapsed" } as const)
      : ({ outcome: "already-confirmed" } as const);
  });
  if (result.outcome === "confirmed") deps.outbox.wake();
  return result;
}

/** Where a confirmation link stands when it is opened: what it held, and what it can still do. */
export type IntroCallLinkState =
  | { state: "invalid-link" }
  /** Held and within its time: the page offers the button. */
  | { state: "open"; summary: BookingSummary }
  /** The hold's time is up (the time was released); the summary is what it held. */
  | { state: "lapsed"; summary: BookingSummary | null }
  /** The link was used: the call is booked. */
  | { state: "confirmed"; summary: BookingSummary }
  | { state: "cancelled"; summary: BookingSummary };

/** Reads a confirmation link without using it, for the page it opens. */
export async function introCallLinkState(
  { db, clock, config }: Pick<ServiceDeps, "db" | "clock" | "config">,
  token: string,
): Promise<IntroCallLinkState> {
  const now = clock.now();
  const link = readBookingLink(config, "booking-confirm", token, now);
  if (!link.ok && link.reason !== "expired") return { state: "invalid-link" };
  // A lapsed link is still genuine: read as of its signing, it names the booking it held.
  const named = link.ok ? link : readBookingLink(config, "booking-confirm", token, new Date(0));
  const bookingId = named.ok ? named.subject : undefined;
  const row = bookingId
    ? await db
        .selectFrom("bookings")
        .select(["kind", "status", "starts_at", "ends_at", "time_zone", "email", "hold_expires_at"])
        .where("id", "=", bookingId)
        .executeTakeFirst()
    : undefined;
  if (!row) return link.ok ? { state: "invalid-link" } : { state: "lapsed", summary: null };
  // A hold whose link's time is up has lapsed, even before a claim's sweep marks it expired.
  const lapsed =
    row.status === "expired" ||
    (row.status === "held" &&
      (!link.ok || !row.hold_expires_at || Date.parse(row.hold_expires_at) <= now.getTime()));
  const summary = bookingSummary(row, {
    ownerZone: config.BOOKING_TIME_ZONE,
    holdMinutes: row.status === "held" && !lapsed ? config.BOOKING_HOLD_MINUTES : undefined,
  });
  if (lapsed) return { state: "lapsed", summary };
  if (row.status === "held") return { state: "open", summary };
  if (row.status === "cancelled") return { state: "cancelled", summary };
  return { state: "confirmed", summary };
}
