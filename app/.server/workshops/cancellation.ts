import { cancellationSchema } from "~/lib/workshop-schema";
import { invalidInput, type InvalidInput } from "../core/invalid-input";
import { logFailure } from "../core/logger";
import { checkRateLimits } from "../core/rate-limit";
import type { PaymentDeps, ServiceDeps } from "../core/service-deps";
import { signLink, verifyLink } from "../core/signed-links";
import type { Stripe } from "../sales";
import { enqueueCancelledEmail } from "./cancelled-email";
import { cohortFacts, datesLabel, eventsToday, fullRefundLastDay } from "./cohort-terms";
import { lockCohort } from "./seats";
import { registrationWithCohort } from "./registration-with-cohort";
import { passSoldSeatOn } from "./waitlist";
import type { WorkshopEventTable, WorkshopRegistrationTable } from "./workshops-tables";

/**
 * The attendee's cancellation link, sent in the confirmation. It never expires by itself: the
 * registration decides (cancelled once, and not once the cohort has begun).
 */
export function cancelUrl({ config }: Pick<ServiceDeps, "config">, registrationId: string) {
  const token = signLink(config.NEWSLETTER_LINK_SECRET, "workshop-cancel", registrationId, null);
  return `${config.SITE_URL}/foundations-program/cancel/${token}`;
}

/** What the owner's policy gives on a cancellation today: all paid back, or a credit for it. */
export type CancellationPolicy = {
  outcome: "refund" | "credit";
  cents: number;
  /** The last day of full refunds, as the page prints it. */
  refundUntil: string;
};

function policyFor(
  event: WorkshopEventTable,
  registration: Pick<WorkshopRegistrationTable, "amount_paid_cents">,
  today: string,
): CancellationPolicy {
  const lastDay = fullRefundLastDay(event);
  return {
    outcome: today <= lastDay ? "refund" : "credit",
    cents: registration.amount_paid_cents,
    refundUntil: datesLabel(lastDay, null),
  };
}

export type CancellationView =
  | { state: "invalid" }
  | { state: "spent"; cancelledOn: string | null; outcome: "refund" | "credit" | "refunded" }
  | { state: "closed"; reason: "started" | "not-paid" }
  | {
      state: "open";
      name: string;
      cohort: { title: string; when: string; place: string };
      policy: CancellationPolicy;
    };

function viewOf(
  { registration, event }: { registration: WorkshopRegistrationTable; event: WorkshopEventTable },
  today: string,
): CancellationView {
  if (registration.status === "cancelled")
    return {
      state: "spent",
      cancelledOn: registration.cancelled_at,
      outcome: registration.refunded_cents > 0 ? "refund" : "credit",
    };
  if (registration.status === "refunded")
    return { state: "spent", cancelledOn: null, outcome: "refunded" };
  if (registration.status !== "paid") return { state: "closed", reason: "not-paid" };
  if (event.start_date <= today) return { state: "closed", reason: "started" };
  return {
    state: "open",
    name: registration.name,
    cohort: cohortFacts(event),
    policy: policyFor(event, registration, today),
  };
}

/**
 * What the cancellation page shows: the policy's answer for today, or that the link was used.
 * Opening it changes nothing (mail scanners open links); only the button cancels.
 */
export async function loadCancellation(
  deps: Pick<ServiceDeps, "db" | "config" | "clock">,
  token: string,
): Promise<CancellationView> {
  const id = registrationIdFromToken(deps, token);
  const found = id ? await registrationWithCohort(deps.db, id) : undefined;
  if (!found) return { state: "invalid" };
  return viewOf(found, eventsToday(deps.clock.now()));
}

function registrationIdFromToken(
  { config, clock }: Pick<ServiceDeps, "config" | "clock">,
  token: string,
) {
  const verified = verifyLink(config.NEWSLETTER_LINK_SECRET, "workshop-cancel", token, clock.now());
  return verified.ok ? verified.subject : undefined;
}

export type CancelOutcome =
  | InvalidInput
  | { outcome: "invalid" | "provider-failed" | "policy-changed" | "rate-limited" }
  | { outcome: "spent" | "closed"; view: CancellationView }
  | { outcome: "cancelled"; policy: CancellationPolicy };

/**
 * The attendee cancels through their link, once: under the cohort's lock the registration moves
 * from `paid` to `cancelled`, the policy's refund goes through Stripe inside the transaction
 * (idempotency keys per payment, so a failure rolls back and the next press repeats it safely),
 * the seat passes to the waiting list, and an email says what went back, with the CANCEL invite. `charge.refunded`
 * arriving afterwards finds the registration cancelled and changes nothing.
 */
export async function cancelRegistration(
  deps: PaymentDeps,
  {
    token,
    fields,
    clientAddress,
  }: { token: string; fields: Record<string, unknown>; clientAddress: string },
): Promise<CancelOutcome> {
  const parsed = cancellationSchema.safeParse(fields);
  if (!parsed.success) return invalidInput(parsed.error);
  const limited = await checkRateLimits(deps, {
    bucket: "workshop-cancel",
    keys: [`ip:${clientAddress}`],
    limit: deps.config.WORKSHOP_RATE_LIMIT,
  });
  if (!limited.allowed) return { outcome: "rate-limited" };
  const id = registrationIdFromToken(deps, token);
  if (!id) return { outcome: "invalid" };
  const now = deps.clock.now();
  const today = eventsToday(now);
  let outcome: CancelOutcome;
  try {
    outcome = await deps.db.transaction().execute(async (trx): Promise<CancelOutcome> => {
      const found = await registrationWithCohort(trx, id);
      if (!found) return { outcome: "invalid" };
      await lockCohort(trx, found.event.id);
      const view = viewOf(found, today);
      if (view.state === "spent" || view.state === "closed") return { outcome: view.state, view };
      if (view.state !== "open") return { outcome: "invalid" };
      // The page said one thing and the day turned meanwhile: ask again rather than surprise.
      if (view.policy.outcome !== parsed.data.expected) return { outcome: "policy-changed" };
      const claimed = await trx
        .updateTable("workshop_registrations")
        .set({
          status: "cancelled",
          cancelled_at: now.toISOString(),
          updated_at: now.toISOString(),
          ...(view.policy.outcome === "refund"
            ? { refunded_cents: view.policy.cents }
            : { credit_cents: view.policy.cents }),
        })
        .where("id", "=", id)
        .where("status", "=", "paid")
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return { outcome: "invalid" };
      if (view.policy.outcome === "refund") {
        const refundId = await refundPayments(deps.stripe, found.registration);
        await trx
          .updateTable("workshop_registrations")
          .set({ stripe_refund_id: refundId })
          .where("id", "=", id)
          .execute();
      }
      await passSoldSeatOn(trx, deps, found.event.id);
      await enqueueCancelledEmail(trx, deps, {
        event: found.event,
        registration: found.registration,
        outcome: view.policy.outcome,
        cents: view.policy.cents,
        now,
      });
      return { outcome: "cancelled", policy: view.policy };
    });
  } catch (error) {
    logFailure("workshop cancellation not completed", error);
    return { outcome: "provider-failed" };
  }
  if (outcome.outcome === "cancelled") deps.outbox.wake();
  return outcome;
}

/** Refunds every payment of a registration (the first, and the balance's if paid); the first refund's id. */
export async function refundPayments(stripe: Stripe, registration: WorkshopRegistrationTable) {
  const payments = [
    { intent: registration.stripe_payment_intent_id, key: `workshop-cancel-${registration.id}` },
    {
      intent: registration.balance_payment_intent_id,
      key: `workshop-cancel-balance-${registration.id}`,
    },
  ];
  let first: string | null = null;
  for (const { intent, key } of payments) {
    if (!intent) continue;
    const refund = await stripe.refunds.create(
      {
        payment_intent: intent,
        reason: "requested_by_customer",
        metadata: { workshop_registration_id: registration.id },
      },
      { idempotencyKey: key },
    );
    first ??= refund.id;
  }
  return first;
}
