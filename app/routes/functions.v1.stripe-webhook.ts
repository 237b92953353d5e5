import type Stripe from "stripe";
import type { Route } from "./+types/functions.v1.stripe-webhook";
import { readBodyText, RequestBodyError } from "~/.server/http/request-body";
import { handleStripeEvent } from "~/.server/services/stripe-events";

/** Stripe's events are a few kilobytes; its documented ceiling is far below this. */
const maxWebhookBytes = 512 * 1024;

/**
 * Stripe's webhook: the signature is checked on the raw body before anything is read from it;
 * `checkout.session.completed` fulfils the order once, `charge.refunded` revokes the download.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { stripe, config } = context;
  const secret = config.STRIPE_WEBHOOK_SECRET;
  if (!stripe || !secret)
    return Response.json({ error: "Payments are not configured." }, { status: 503 });
  const signature = request.headers.get("stripe-signature");
  if (!signature)
    return Response.json({ error: "Missing Stripe-Signature header." }, { status: 400 });
  let payload: string;
  try {
    payload = await readBodyText(request, maxWebhookBytes);
  } catch (error) {
    if (!(error instanceof RequestBodyError)) throw error;
    return Response.json(
      { error: error.message },
      { status: error.status, headers: error.headers },
    );
  }
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(payload, signature, secret);
  } catch {
    return Response.json({ error: "Invalid signature." }, { status: 400 });
  }
  const outcome = await handleStripeEvent(context, event);
  if (outcome === "fulfilled") context.outbox.wake();
  return Response.json({ received: true, outcome });
}
