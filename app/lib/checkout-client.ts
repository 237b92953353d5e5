import { browserTimeZone } from "./time-zone-field";
import { purchaseMessages } from "./purchase-rules";
import type { PurchasableItemId } from "./catalog";
import { visitAttribution } from "./analytics";

/** The create-checkout-session payload: the spec's fields plus every selected item and the buyer. */
export type CheckoutRequest = {
  productId: string;
  /** The first selected item, as the spec's client sends it. */
  format: PurchasableItemId;
  /** Every selected item: what the buyer pays for. */
  formats: PurchasableItemId[];
  successUrl: string;
  cancelUrl: string;
  /** The spam traps: the hidden field and the server-signed form token. */
  hp_comment?: string;
  formToken?: string;
  email: string;
  firstName?: string;
  lastName?: string;
  address?: {
    street: string;
    suite?: string;
    city: string;
    state: string;
    zipCode: string;
    country: string;
  };
};

export const CHECKOUT_FUNCTION_PATH = "/functions/v1/create-checkout-session";
export const CHECKOUT_PRESS_PATH = "/functions/v1/checkout-press";

/** A session made ahead of the press (decision 275). */
export type PreparedCheckout = { url: string; sessionId: string };

/**
 * Invokes create-checkout-session and returns the Stripe Checkout URL and session id; throws on
 * any failure. `prepare` makes it ahead of the press; `replaces` names the prepared session the
 * form no longer matches, which the server expires.
 */
export async function requestCheckout(
  payload: CheckoutRequest,
  { prepare = false, replaces }: { prepare?: boolean; replaces?: string } = {},
): Promise<{ url: string; sessionId?: string }> {
  const response = await fetch(CHECKOUT_FUNCTION_PATH, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    // Where the visit came from travels with the order, through Stripe, to the webhook.
    // And the buyer's time zone: the email sequences write to them in their own morning.
    body: JSON.stringify({
      attribution: visitAttribution(),
      timeZone: browserTimeZone(),
      ...payload,
      ...(prepare ? { prepare } : {}),
      ...(replaces ? { replaces } : {}),
    }),
  });
  const body = (await response.json().catch(() => ({}))) as {
    url?: unknown;
    sessionId?: unknown;
    error?: unknown;
  };
  if (!response.ok) {
    throw new Error(
      typeof body.error === "string" ? body.error : `Checkout failed (${response.status})`,
    );
  }
  if (typeof body.url !== "string" || !body.url) throw new Error(purchaseMessages.noCheckoutUrl);
  return {
    url: body.url,
    sessionId: typeof body.sessionId === "string" ? body.sessionId : undefined,
  };
}

/**
 * Tells the server the buyer pressed for a prepared session, without holding the page: the
 * browser sends the beacon as the page leaves for Stripe.
 */
export function sendCheckoutPress(sessionId: string) {
  const body = JSON.stringify({
    sessionId,
    attribution: visitAttribution(),
    timeZone: browserTimeZone(),
  });
  navigator.sendBeacon(CHECKOUT_PRESS_PATH, new Blob([body], { type: "application/json" }));
}
