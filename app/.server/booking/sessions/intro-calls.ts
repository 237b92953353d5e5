import { invalidInput, type InvalidInput } from "../../core/invalid-input";
import { checkRateLimits } from "../../core/rate-limit";
import type { ServiceDeps } from "../../core/service-deps";
import { checkSpamTraps, type SpamTrapValues } from "../../core/spam-traps";
import { emailKey } from "../../core/email-key";
import { readVisitSource } from "../../analytics";
import { loadAvailabilityRules } from "../slots/availability-store";
import { keepVisitSource, recordBookingConversion } from "./booking-conversions";
import { queueBookingConfirmed, queueHoldConfirmation } from "../booking-emails";
import { readBookingLink } from "./booking-links";
import { introCallRequestSchema } from "./booking-request-schema";
import { loadBusyTimes } from "../owner-calendar/busy-times";
import { claimSlot, takeBookingLock, type ClaimOutcome } from "../slots/claim-slot";
import { meetingUrlFor } from "./meeting-link";
import { sessionKind } from "./session-kinds";

export type IntroCallOutcome =
  | InvalidInput
  | { outcome: "rate-limited"; retryAfterSeconds: number }
  /** Held for BOOKING_HOLD_MINUTES; the confirmation email is on its way. */
  | { outcome: "held" }
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
  // A bot (no token, a forged or too young one, the honeypot) is told its hold was made.
  if (checkSpamTraps(deps, "booking", traps) !== "passed") return { outcome: "held" };
  const request = parsed.data;
  const limited = await checkRateLimits(deps, {
    bucket: "booking",
    keys: [`ip:${clientAddress}`, `email:${emailKey(request.email)}`],
    limit: deps.config.BOOKING_RATE_LIMIT,
  });
  if (!limited.allowed)
    return { outcome: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  const now = deps.clock.now();
  const rules = await loadAvailabilityRules(deps.db, deps.config);
  const kind = sessionKind("intro", rules.introCallMinutes);
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
      holdMinutes: deps.config.BOOKING_HOLD_MINUTES,
    },
    async (trx, bookingId) => {
      await keepVisitSource(trx, bookingId, readVisitSource(fields.attribution, deps));
      await queueHoldConfirmation(trx, deps, bookingId);
    },
  );
  if (claimed.outcome === "taken" || claimed.outcome === "unavailable") return claimed;
  if (claimed.outcome !== "claimed") throw new Error(`An intro call cannot be ${claimed.outcome}`);
  deps.outbox.wake();
  return { outcome: "held" };
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
