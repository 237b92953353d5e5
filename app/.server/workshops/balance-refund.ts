import type { Db } from "../core/db/database";
import type { ServiceDeps } from "../core/service-deps";
import { enqueueEmail } from "../mail";
import type { Stripe } from "../sales";
import { balanceUrl } from "./balance";
import { cohortFacts } from "./cohort-terms";
import { workshopBalanceRequestTemplate } from "./emails/workshop-emails";
import { cohortById } from "./registration-with-cohort";

export type BalanceRefundOutcome = "balance-due-again" | "recorded" | "ignored" | "not-ours";

/**
 * `charge.refunded` for a balance payment (decision 266). While the deposit stands the seat is
 * kept and the balance is owed again: it is taken off what was paid and the attendee is told,
 * with the link to pay it. On a registration already refunded in Stripe, the amount joins what
 * went back; on a cancelled one (our own refund) nothing changes. A partial refund changes nothing.
 */
export async function refundBalancePayment(
  trx: Db,
  deps: Pick<ServiceDeps, "config" | "clock">,
  charge: Stripe.Charge,
): Promise<BalanceRefundOutcome> {
  const intent =
    typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
  if (!intent) return "not-ours";
  const registration = await trx
    .selectFrom("workshop_registrations")
    .selectAll()
    .where("balance_payment_intent_id", "=", intent)
    .executeTakeFirst();
  if (!registration) return "not-ours";
  if (!charge.refunded || registration.status === "cancelled") return "ignored";
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const balance = registration.balance_paid_cents;
  const changed = await trx
    .updateTable("workshop_registrations")
    .set((eb) => ({
      // The payment stays named (a replay of it is recognised) but counts no more; a new one
      // through the same link is recorded as the balance again.
      amount_paid_cents: eb("amount_paid_cents", "-", balance),
      balance_paid_cents: 0,
      balance_paid_at: null,
      balance_refunded_cents: eb("balance_refunded_cents", "+", charge.amount_refunded),
      balance_refunded_at: nowIso,
      ...(registration.status === "refunded" && {
        refunded_cents: eb("refunded_cents", "+", charge.amount_refunded),
      }),
      updated_at: nowIso,
    }))
    .where("id", "=", registration.id)
    .where("balance_payment_intent_id", "=", intent)
    .where("balance_refunded_at", "is", null)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) return "ignored";
  if (registration.status !== "paid") return "recorded";
  const event = await cohortById(trx, registration.event_id);
  const paidCents = registration.amount_paid_cents - balance;
  await enqueueEmail(
    trx,
    {
      purpose: "workshop.balance-refunded",
      to: registration.email,
      from: deps.config.MAIL_FROM,
      replyTo: deps.config.CONTACT_EMAIL,
      ...workshopBalanceRequestTemplate.compose({
        ...cohortFacts(event),
        name: registration.name,
        paidCents,
        balanceCents: registration.price_cents - paidCents,
        payUrl: balanceUrl(deps, registration.id),
        chase: false,
        refundedCents: charge.amount_refunded,
        contactEmail: deps.config.CONTACT_EMAIL,
      }),
    },
    { now },
  );
  return "balance-due-again";
}
