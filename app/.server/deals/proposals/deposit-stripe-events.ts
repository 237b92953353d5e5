import type { PaymentDeps } from "../../core/service-deps";
import { recordStripeEventOnce, type Stripe } from "../../sales";
import {
  applyDepositPayment,
  depositMetadataKey,
  forgetExpiredDepositSession,
} from "./proposal-deposit";

export type DepositEventOutcome =
  "deposit-paid" | "deposit-refunded" | "deposit-session-expired" | "duplicate" | "ignored";

/**
 * A verified webhook event about a proposal's deposit (its session's metadata names one), handled
 * once: its id is recorded in sales' table of Stripe events in the transaction of its effects.
 * `expired` after `completed` changes nothing; `completed` after `expired` still records the
 * payment. Undefined when the event is not a deposit's.
 */
export async function handleDepositStripeEvent(
  deps: PaymentDeps,
  event: Stripe.Event,
): Promise<DepositEventOutcome | undefined> {
  if (
    event.type !== "checkout.session.completed" &&
    event.type !== "checkout.session.async_payment_succeeded" &&
    event.type !== "checkout.session.expired"
  )
    return undefined;
  const session = event.data.object;
  if (!session.metadata?.[depositMetadataKey]) return undefined;
  const { db, ...rest } = deps;
  const outcome = await db.transaction().execute(async (trx): Promise<DepositEventOutcome> => {
    if (!(await recordStripeEventOnce(trx, event, deps.clock.now()))) return "duplicate";
    if (event.type === "checkout.session.expired")
      return (await forgetExpiredDepositSession(trx, session))
        ? "deposit-session-expired"
        : "ignored";
    const applied = await applyDepositPayment(trx, rest, session);
    return applied === "deposit-paid" || applied === "deposit-refunded" ? applied : "ignored";
  });
  if (outcome === "deposit-paid") deps.outbox.wake();
  return outcome;
}
