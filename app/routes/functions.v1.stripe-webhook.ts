import type Stripe from "stripe";
import type { Route } from "./+types/functions.v1.stripe-webhook";
import { readSignedTextBody } from "~/.server/http/request-body";
import { handleDepositStripeEvent } from "~/.server/deals";
import { handleStripeEvent } from "~/.server/sales";
import { handleWorkshopStripeEvent } from "~/.server/workshops";

/**
 * Stripe's webhook: the signature is checked on the raw body before anything is read from it;
 * `checkout.session.completed` fulfils the order once, `charge.refunded` revokes the download.
 * An event about a workshop registration (its session's metadata names one) goes to workshops,
 * one about a proposal's deposit to deals.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { stripe, config } = context;
  const secret = config.STRIPE_WEBHOOK_SECRET;
  if (!stripe || !secret)
    return Response.json({ error: "Payments are not configured." }, { status: 503 });
  const signature = request.headers.get("stripe-signature");
  if (!signature)
    return Response.json({ error: "Missing Stripe-Signature header." }, { status: 400 });
  const payload = await readSignedTextBody(request);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(payload, signature, secret);
  } catch {
    return Response.json({ error: "Invalid signature." }, { status: 400 });
  }
  // A signed body is still only what Stripe would send if it is an event object.
  const parsed = event as unknown;
  if (
    typeof parsed !== "object" ||
    parsed === null ||
    Array.isArray(parsed) ||
    typeof event.id !== "string" ||
    typeof event.type !== "string"
  ) {
    return Response.json(
      { error: "The body must be a Stripe event: a JSON object with an id and a type." },
      { status: 400 },
    );
  }
  const workshop = await handleWorkshopStripeEvent({ ...context, stripe }, event);
  if (workshop) return Response.json({ received: true, outcome: workshop });
  const deposit = await handleDepositStripeEvent({ ...context, stripe }, event);
  if (deposit) return Response.json({ received: true, outcome: deposit });
  const outcome = await handleStripeEvent(context, event);
  return Response.json({ received: true, outcome });
}
