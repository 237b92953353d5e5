import { ianaTimeZone } from "~/lib/time-zone-field";
import { attributionAllowed, readVisitSource } from "../analytics";
import { logFailure } from "../core/logger";
import { parseCheckoutRequest } from "./checkout-request";
import type { Stripe } from "./stripe-client";
import { openCheckoutSession } from "./orders";
import { checkRateLimits } from "../core/rate-limit";
import type { ServiceDeps } from "../core/service-deps";
import { checkSpamTraps, type SpamTrapValues } from "../core/spam-traps";

export type CheckoutOutcome =
  | { outcome: "closed" }
  | { outcome: "invalid"; error: string }
  | { outcome: "rate-limited"; retryAfterSeconds: number }
  | { outcome: "discarded" }
  | { outcome: "provider-failed" }
  | { outcome: "opened"; url: string };

/**
 * A checkout from /buy-now (without JavaScript) or the create-checkout-session function: the
 * request's fields as received. Validated against the catalog and the site's origin, limited per
 * client address (each one opens an order and a Stripe session), trapped like every public form,
 * then the session is opened.
 */
export async function startCheckout(
  deps: ServiceDeps & { stripe: Stripe | undefined },
  {
    fields,
    traps,
    clientAddress,
  }: { fields: Record<string, unknown>; traps: SpamTrapValues; clientAddress: string },
): Promise<CheckoutOutcome> {
  const { config, stripe } = deps;
  if (!config.SALES_OPEN || !stripe) return { outcome: "closed" };
  const parsed = parseCheckoutRequest(fields, config.SITE_URL);
  if (!parsed.ok) return { outcome: "invalid", error: parsed.error };
  const limited = await checkRateLimits(deps, {
    bucket: "checkout",
    keys: [`ip:${clientAddress}`],
    limit: config.CHECKOUT_RATE_LIMIT,
  });
  if (!limited.allowed) {
    return { outcome: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  }
  if (checkSpamTraps(deps, "checkout", traps) !== "passed") return { outcome: "discarded" };
  try {
    // Carried through Stripe Checkout in the session's metadata, recorded with the paid order.
    const source = readVisitSource(fields.attribution, deps);
    const { url } = await openCheckoutSession({ ...deps, stripe }, parsed.value, source, {
      carrySource: attributionAllowed(deps),
      timeZone: ianaTimeZone(fields.timeZone),
    });
    return { outcome: "opened", url };
  } catch (error) {
    // The order is kept as failed; the buyer may simply try again.
    logFailure("checkout session not opened", error);
    return { outcome: "provider-failed" };
  }
}
