import { z } from "zod";
import { BOOK_PRODUCT_ID, isPurchasableItemId, type PurchasableItemId } from "~/lib/catalog";
import { isValidPurchaseEmail, purchaseMessages } from "~/lib/purchase-rules";
import { isLinkFree, isSingleLine, linkFreeMessage, singleLineMessage } from "~/lib/single-line";

/** A checkout request the server accepted: items named by the catalog, URLs on the site. */
export type ValidCheckoutRequest = {
  items: PurchasableItemId[];
  email: string;
  firstName: string | null;
  lastName: string | null;
  address: Record<string, string> | null;
  /** Where Stripe sends the buyer after paying; it always carries the session id. */
  successUrl: string;
  cancelUrl: string;
};

export type CheckoutRequestResult =
  { ok: true; value: ValidCheckoutRequest } | { ok: false; error: string };

const optionalName = (label: string) =>
  z
    .string()
    .trim()
    .max(100)
    .refine(isSingleLine, singleLineMessage(label))
    .refine(isLinkFree, linkFreeMessage(label))
    .optional();
const addressLine = z.string().trim().max(200);

const checkoutRequestSchema = z.object({
  productId: z.string().optional(),
  format: z.unknown().optional(),
  formats: z.array(z.unknown()).max(10, "Too many items.").optional(),
  successUrl: z.string({ error: "successUrl is required." }),
  cancelUrl: z.string({ error: "cancelUrl is required." }),
  email: z.string().optional(),
  firstName: optionalName("First name"),
  lastName: optionalName("Last name"),
  address: z
    .object({
      street: addressLine,
      suite: addressLine.optional(),
      city: addressLine,
      state: addressLine,
      zipCode: addressLine,
      country: addressLine,
    })
    .optional(),
});

/** Stripe puts the session id where this stands in the success URL. */
const sessionIdPlaceholder = "{CHECKOUT_SESSION_ID}";

/** True when `value` is an absolute URL on the site's own origin (no open redirects via Stripe). */
function onSiteOrigin(value: string, siteUrl: string) {
  try {
    return new URL(value).origin === new URL(siteUrl).origin;
  } catch {
    return false;
  }
}

/**
 * Checks a create-checkout-session payload: the spec's fields (`productId`, `format`,
 * `successUrl`, `cancelUrl`) and `formats`, every selected item. Items must be in the catalog;
 * amounts never come from the client.
 */
export function parseCheckoutRequest(input: unknown, siteUrl: string): CheckoutRequestResult {
  const parsed = checkoutRequestSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join(".");
    return { ok: false, error: field ? `Invalid ${field}: ${issue.message}` : issue.message };
  }
  const request = parsed.data;
  if (request.productId !== undefined && request.productId !== BOOK_PRODUCT_ID) {
    return { ok: false, error: `Unknown productId: ${request.productId}` };
  }
  const named = request.formats ?? (request.format === undefined ? [] : [request.format]);
  if (named.length === 0)
    return { ok: false, error: purchaseMessages.selectionRequired.description };
  const mentioned = request.format === undefined ? named : [request.format, ...named];
  const unknown = mentioned.find((item) => !isPurchasableItemId(item));
  if (unknown !== undefined) return { ok: false, error: `Unknown item: ${String(unknown)}` };
  const items = [...new Set(named as PurchasableItemId[])];
  if (request.format !== undefined && !items.includes(request.format as PurchasableItemId)) {
    return { ok: false, error: "format must be one of formats." };
  }
  if (!request.email || !isValidPurchaseEmail(request.email)) {
    return { ok: false, error: purchaseMessages.emailRequired.description };
  }
  if (!onSiteOrigin(request.successUrl, siteUrl)) {
    return { ok: false, error: `successUrl must be on ${new URL(siteUrl).origin}.` };
  }
  if (!onSiteOrigin(request.cancelUrl, siteUrl)) {
    return { ok: false, error: `cancelUrl must be on ${new URL(siteUrl).origin}.` };
  }
  const { address } = request;
  return {
    ok: true,
    value: {
      items,
      email: request.email.trim(),
      firstName: request.firstName || null,
      lastName: request.lastName || null,
      address: address
        ? Object.fromEntries(Object.entries(address).filter(([, value]) => Boolean(value)))
        : null,
      successUrl: request.successUrl.includes(sessionIdPlaceholder)
        ? request.successUrl
        : `${request.successUrl}${request.successUrl.includes("?") ? "&" : "?"}session_id=${sessionIdPlaceholder}`,
      cancelUrl: request.cancelUrl,
    },
  };
}
