import { logFailure } from "../core/logger";
import { checkRateLimits } from "../core/rate-limit";
import type { PaymentDeps, ServiceDeps } from "../core/service-deps";
import { recordStripeEventOnce, type Stripe } from "../sales";
import { cohortFacts } from "./cohort-terms";
import { applyBalancePayment, balanceMetadataKey } from "./balance";
import { refundBalancePayment } from "./balance-refund";
import {
  expireRegistration,
  fulfilRegistration,
  refundRegistration,
  registrationMetadataKey,
} from "./registration";

export type WorkshopEventOutcome =
  | "fulfilled"
  | "seated-late"
  | "refunded"
  | "released"
  | "balance-paid"
  | "balance-refunded"
  | "balance-due-again"
  | "balance-refund-recorded"
  | "duplicate"
  | "ignored";

/** The webhook's events that may concern a registration, and whether this one does (undefined: not ours). */
async function concernsWorkshop(deps: Pick<ServiceDeps, "db">, event: Stripe.Event) {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.expired": {
      const metadata = event.data.object.metadata;
      return Boolean(metadata?.[registrationMetadataKey] || metadata?.[balanceMetadataKey]);
    }
    case "charge.refunded": {
      const intent = event.data.object.payment_intent;
      const id = typeof intent === "string" ? intent : intent?.id;
      if (!id) return false;
      const found = await deps.db
        .selectFrom("workshop_registrations")
        .select("id")
        .where((eb) =>
          eb.or([
            eb("stripe_payment_intent_id", "=", id),
            eb("balance_payment_intent_id", "=", id),
          ]),
        )
        .executeTakeFirst();
      return Boolean(found);
    }
    default:
      return false;
  }
}

/**
 * A verified webhook event for a registration, handled once (its id recorded in the same
 * transaction as its effects, in the table sales keeps for every Stripe event), in any order:
 * `expired` after `completed` changes nothing, `completed` after `expired` is a late payment.
 * Undefined when the event is not about a registration (sales handles it).
 */
export async function handleWorkshopStripeEvent(
  deps: PaymentDeps,
  event: Stripe.Event,
): Promise<WorkshopEventOutcome | undefined> {
  if (!(await concernsWorkshop(deps, event))) return undefined;
  const { db, ...rest } = deps;
  const outcome = await db.transaction().execute(async (trx): Promise<WorkshopEventOutcome> => {
    if (!(await recordStripeEventOnce(trx, event, deps.clock.now()))) return "duplicate";
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded":
        return event.data.object.metadata?.[balanceMetadataKey]
          ? applyBalancePayment(trx, rest, event.data.object)
          : fulfilRegistration(trx, rest, event.data.object);
      case "checkout.session.expired":
        // An unpaid balance session holds no seat: the link opens a new one when pressed.
        return event.data.object.metadata?.[balanceMetadataKey]
          ? "ignored"
          : expireRegistration(trx, rest, event.data.object);
      case "charge.refunded": {
        const released = await refundRegistration(trx, rest, event.data.object);
        if (released !== "not-ours") return released;
        // Not the first payment: the balance's (decision 266).
        const balance = await refundBalancePayment(trx, rest, event.data.object);
        if (balance === "recorded") return "balance-refund-recorded";
        return balance === "balance-due-again" ? balance : "ignored";
      }
      default:
        return "ignored";
    }
  });
  if (outcome !== "duplicate" && outcome !== "ignored") deps.outbox.wake();
  return outcome;
}

export type RegistrationResult =
  | { state: "unknown" | "unavailable" | "unpaid" | "expired" }
  | {
      // `refunded`: paid after the hold lapsed into a full cohort, so refunded and put in line;
      // `cancelled`: cancelled by its link or refunded in Stripe's dashboard, not in line.
      state: "paid" | "refunded" | "cancelled";
      name: string;
      title: string;
      when: string;
      place: string;
      paidCents: number;
      priceCents: number;
    };

/**
 * The confirmation page's look-up: Stripe says whether the session is paid (a paid session whose
 * webhook has not arrived yet is fulfilled here, once), the registration says what was bought.
 * Limited per client address like every look-up that costs a Stripe call.
 */
export async function lookUpRegistration(
  deps: PaymentDeps,
  { sessionId, clientAddress }: { sessionId: string; clientAddress: string },
): Promise<RegistrationResult> {
  const limited = await checkRateLimits(deps, {
    bucket: "workshop-lookup",
    keys: [`ip:${clientAddress}`],
    limit: deps.config.CHECKOUT_RATE_LIMIT,
  });
  if (!limited.allowed) return { state: "unavailable" };
  let session: Stripe.Checkout.Session;
  try {
    session = await deps.stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if ((error as { type?: unknown }).type === "StripeInvalidRequestError")
      return { state: "unknown" };
    logFailure("workshop checkout session not readable", error);
    return { state: "unavailable" };
  }
  const id = session.metadata?.[registrationMetadataKey];
  if (!id) return { state: "unknown" };
  if (session.payment_status !== "paid") {
    if (session.status === "expired") return { state: "expired" };
    // Stripe may keep the session open a while after our hold ended (the sweep freed the seat):
    // then nothing is kept any more, whatever the session says.
    const hold = await deps.db
      .selectFrom("workshop_registrations")
      .select(["status", "hold_expires_at"])
      .where("id", "=", id)
      .where("stripe_session_id", "=", session.id)
      .executeTakeFirst();
    const kept =
      hold?.status === "held" && Date.parse(hold.hold_expires_at) > deps.clock.now().getTime();
    return { state: kept ? "unpaid" : "expired" };
  }
  const { db, ...rest } = deps;
  const fulfilled = await db.transaction().execute((trx) => fulfilRegistration(trx, rest, session));
  if (fulfilled !== "ignored") deps.outbox.wake();
  const registration = await db
    .selectFrom("workshop_registrations")
    .innerJoin("workshop_events", "workshop_events.id", "workshop_registrations.event_id")
    .selectAll("workshop_events")
    .select([
      "workshop_registrations.name as attendee",
      "workshop_registrations.status as registration_status",
      "workshop_registrations.amount_paid_cents",
      "workshop_registrations.price_cents as registration_price",
      "workshop_registrations.stripe_session_id",
      "workshop_registrations.stripe_refund_id",
    ])
    .where("workshop_registrations.id", "=", id)
    .executeTakeFirst();
  if (!registration || registration.stripe_session_id !== session.id) return { state: "unknown" };
  return {
    state:
      registration.registration_status === "paid"
        ? "paid"
        : registration.registration_status === "refunded" && registration.stripe_refund_id
          ? "refunded"
          : "cancelled",
    name: registration.attendee,
    ...cohortFacts(registration),
    paidCents: registration.amount_paid_cents,
    priceCents: registration.registration_price,
  };
}
