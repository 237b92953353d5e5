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

/** Invokes create-checkout-session and returns the Stripe Checkout URL; throws on any failure. */
export async function requestCheckoutUrl(payload: CheckoutRequest): Promise<string> {
  const response = await fetch(CHECKOUT_FUNCTION_PATH, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    // Where the visit came from travels with the order, through Stripe, to the webhook.
    // And the buyer's time zone: the email sequences write to them in their own morning.
    body: JSON.stringify({
      attribution: visitAttribution(),
      timeZone: browserTimeZone(),
      ...payload,
    }),
  });
  const body = (await response.json().catch(() => ({}))) as { url?: unknown; error?: unknown };
  if (!response.ok) {
    throw new Error(
      typeof body.error === "string" ? body.error : `Checkout failed (${response.status})`,
    );
  }
  if (typeof body.url !== "string" || !body.url) throw new Error(purchaseMessages.noCheckoutUrl);
  return body.url;
}
