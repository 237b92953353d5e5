import type Stripe from "stripe";
import type { Trx } from "../core/db/database";
import type { ServiceDeps } from "../core/service-deps";
import { closeExpiredSession, fulfilPaidSession, recordRefund } from "./orders";

export type StripeEventOutcome = "fulfilled" | "refunded" | "expired" | "duplicate" | "ignored";

/**
 * Records a webhook event's id in the caller's transaction: false when it was recorded before (a
 * replay), so the caller changes nothing. Every capability paid through Stripe shares the table.
 */
export async function recordStripeEventOnce(trx: Trx, event: Stripe.Event, now: Date) {
  const recorded = await trx
    .insertInto("stripe_events")
    .values({ id: event.id, type: event.type, received_at: now.toISOString() })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .executeTakeFirst();
  return Number(recorded.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Handles a verified webhook event once. The event id is recorded in the same transaction as its
 * effects: a repeated delivery finds it and changes nothing; a failure rolls both back, so
 * Stripe's retry gets another chance.
 */
export async function handleStripeEvent(
  { db, ...deps }: ServiceDeps,
  event: Stripe.Event,
): Promise<StripeEventOutcome> {
  const outcome = await db.transaction().execute(async (trx): Promise<StripeEventOutcome> => {
    if (!(await recordStripeEventOnce(trx, event, deps.clock.now()))) return "duplicate";
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded": {
        const { fulfilled } = await fulfilPaidSession(trx, deps, event.data.object);
        return fulfilled ? "fulfilled" : "ignored";
      }
      case "checkout.session.expired":
        return (await closeExpiredSession(trx, deps, event.data.object)) ? "expired" : "ignored";
      case "charge.refunded":
        return (await recordRefund(trx, deps, event.data.object)) ? "refunded" : "ignored";
      default:
        return "ignored";
    }
  });
  if (outcome === "fulfilled") deps.outbox.wake();
  return outcome;
}
