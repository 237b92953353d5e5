import Stripe from "stripe";
import type { AppLoadContext } from "react-router";
import type { AppConfig } from "~/.server/core/config";
import { createStripeClient } from "~/.server/sales/stripe-client";
import type { Db } from "~/.server/core/db/database";
import type { ManualClock } from "./manual-clock";
import type { FakeCheckoutSession } from "./stripe-fake";

export const WEBHOOK_SECRET = "whsec_test_secret";

/** The request context a route receives, over a test database, clock and the Stripe fake. */
export async function checkoutContext(
  config: AppConfig,
  db: Db,
  clock: ManualClock,
): Promise<AppLoadContext & { wakes: number }> {
  const context = {
    config,
    db,
    clock,
    stripe: await createStripeClient(config),
    clientAddress: "127.0.0.1",
    wakes: 0,
    outbox: { wake: () => (context.wakes += 1) },
    broadcastQueue: { wake: () => {} },
  };
  return context;
}

/** A Stripe event as the webhook receives it: the JSON body and its signature header. */
export function signedEvent(
  type: string,
  object: unknown,
  { id = `evt_${Math.random().toString(36).slice(2)}`, secret = WEBHOOK_SECRET } = {},
) {
  const payload = JSON.stringify({
    id,
    object: "event",
    type,
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { id, payload, header };
}

export function webhookRequest(event: { payload: string; header: string }) {
  return new Request("http://site.test/functions/v1/stripe-webhook", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": event.header },
    body: event.payload,
  });
}

/** A full refund of the session's payment, as charge.refunded carries it. */
export function refundedCharge(session: FakeCheckoutSession, { full = true } = {}) {
  return {
    id: `ch_${session.id.slice(-8)}`,
    object: "charge",
    amount: session.amount_total,
    amount_refunded: full ? session.amount_total : 100,
    refunded: full,
    payment_intent: session.payment_intent,
  };
}
