import type Stripe from "stripe";
import type { OrderItem, PurchasableItemId } from "~/lib/catalog";
import { logFailure } from "../core/logger";
import { checkRateLimits } from "../core/rate-limit";
import type { PaymentDeps } from "../core/service-deps";
import { currentDownloadToken } from "./download-links";
import { fulfilPaidSession } from "./orders";
import { parseOrderItems } from "./order-items";

/** What the success page may say about a Checkout session, as Stripe and our orders know it. */
export type CheckoutResult =
  | { state: "unknown" }
  | { state: "unpaid" }
  | { state: "unavailable" }
  | {
      state: "paid" | "refunded";
      sessionId: string;
      orderId: string;
      items: OrderItem[];
      amountPaidCents: number;
      /** The newest usable book link's token, when the order includes the PDF. */
      downloadToken: string | undefined;
    };

export function includesItem(items: OrderItem[], id: PurchasableItemId) {
  return items.some((item) => item.id === id);
}

/**
 * The success page's look-up, limited per client address like every public action that costs a
 * Stripe call (the page is reloaded a few times, never hundreds).
 */
export async function lookUpCheckoutResult(
  deps: PaymentDeps,
  { sessionId, clientAddress }: { sessionId: string; clientAddress: string },
): Promise<CheckoutResult> {
  const limited = await checkRateLimits(deps, {
    bucket: "checkout-lookup",
    keys: [`ip:${clientAddress}`],
    limit: deps.config.CHECKOUT_RATE_LIMIT,
  });
  if (!limited.allowed) return { state: "unavailable" };
  const result = await readCheckoutResult(deps, sessionId);
  // A late webhook's fulfilment may have queued the receipt just now.
  if (result.state === "paid") deps.outbox.wake();
  return result;
}

/**
 * Asks Stripe about the session and answers only what is true: a receipt for a paid session of
 * one of our orders, never for an unknown or unpaid one. A paid session whose webhook has not
 * arrived yet is fulfilled here (idempotently), so the buyer's download works at once.
 */
async function readCheckoutResult(deps: PaymentDeps, sessionId: string): Promise<CheckoutResult> {
  let session: Stripe.Checkout.Session;
  try {
    session = await deps.stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    // Read by its type, not its class: the SDK's module is loaded only where a client is made.
    if ((error as { type?: unknown }).type === "StripeInvalidRequestError") {
      return { state: "unknown" };
    }
    logFailure("checkout session not readable", error);
    return { state: "unavailable" };
  }
  if (session.payment_status !== "paid") {
    return session.metadata?.order_id ? { state: "unpaid" } : { state: "unknown" };
  }
  const { db, ...rest } = deps;
  const { order } = await db.transaction().execute((trx) => fulfilPaidSession(trx, rest, session));
  if (!order) return { state: "unknown" };
  const current = await db
    .selectFrom("orders")
    .select(["status"])
    .where("id", "=", order.id)
    .executeTakeFirstOrThrow();
  const items = parseOrderItems(order.items);
  const refunded = current.status === "refunded";
  return {
    state: refunded ? "refunded" : "paid",
    sessionId: session.id,
    orderId: order.id,
    items,
    amountPaidCents: session.amount_total ?? order.amount_total_cents,
    downloadToken:
      !refunded && includesItem(items, "pdf")
        ? await currentDownloadToken(deps, order.id)
        : undefined,
  };
}
