import type { PaymentDeps } from "../../core/service-deps";
import { recordStripeEventOnce, type Stripe } from "../../sales";
import {
  applyDepositPayment,
  depositMetadataKey,
  depositOfCharge,
  forgetExpiredDepositSession,
  recordDepositRefund,
} from "./proposal-deposit";

export type DepositEventOutcome =
  | "deposit-paid"
  | "second-payment-refunded"
  | "deposit-session-expired"
  | "deposit-refund-recorded"
  | "duplicate"
  | "ignored";

/**
 * A verified webhook event about a proposal's deposit (its session's metadata names one), handled
 * once: its id is recorded in sales' table of Stripe events in the transaction of its effects.
 * `expired` after `completed` changes nothing; `completed` after `expired` still records the
 * payment; `charge.refunded` of a deposit's payment records the refund. Undefined when the event
 * is not a deposit's.
 */
export async function handleDepositStripeEvent(
  deps: PaymentDeps,
  event: Stripe.Event,
): Promise<DepositEventOutcome | undefined> {
  if (event.type === "charge.refunded") {
    if (!(await depositOfCharge(deps.db, event.data.object))) return undefined;
  } else if (
    event.type !== "checkout.session.completed" &&
    event.type !== "checkout.session.async_payment_succeeded" &&
    event.type !== "checkout.session.expired"
  )
    return undefined;
  else if (!event.data.object.metadata?.[depositMetadataKey]) return undefined;
  const { db, ...rest } = deps;
  const outcome = await db.transaction().execute(async (trx): Promise<DepositEventOutcome> => {
    if (!(await recordStripeEventOnce(trx, event, deps.clock.now()))) return "duplicate";
    switch (event.type) {
      case "charge.refunded":
        return (await recordDepositRefund(trx, rest, event.data.object))
          ? "deposit-refund-recorded"
          : "ignored";
      case "checkout.session.expired":
        return (await forgetExpiredDepositSession(trx, event.data.object))
          ? "deposit-session-expired"
          : "ignored";
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded": {
        const applied = await applyDepositPayment(trx, rest, event.data.object);
        return applied === "deposit-paid" || applied === "second-payment-refunded"
          ? applied
          : "ignored";
      }
      default:
        return "ignored";
    }
  });
  if (outcome === "deposit-paid") deps.outbox.wake();
  return outcome;
}
