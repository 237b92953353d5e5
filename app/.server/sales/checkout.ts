import { ianaTimeZone } from "~/lib/time-zone-field";
import { attributionAllowed, visitSourceOf } from "../analytics";
import { logFailure } from "../core/logger";
import { parseCheckoutRequest } from "./checkout-request";
import type { Stripe } from "./stripe-client";
import { expirePreparedSession, openCheckoutSession, openPreparedOrder } from "./orders";
import { checkRateLimits } from "../core/rate-limit";
import type { ServiceDeps } from "../core/service-deps";
import { checkSpamTraps, type SpamTrapValues } from "../core/spam-traps";

export type CheckoutOutcome =
  | { outcome: "closed" }
  | { outcome: "invalid"; error: string }
  | { outcome: "rate-limited"; retryAfterSeconds: number }
  | { outcome: "discarded" }
  | { outcome: "provider-failed" }
  | { outcome: "opened"; url: string; sessionId: string };

/**
 * A checkout from /buy-now (without JavaScript) or the create-checkout-session function: the
 * request's fields as received. Validated against the catalog and the site's origin, limited per
 * client address (each one opens an order and a Stripe session), trapped like every public form,
 * then the session is opened. `prepare: true` makes it ahead of the press, while the buyer is still
 * on the form (decision 275), counted in a bucket of its own so preparing never uses up the press;
 * `replaces` names the prepared session this one supersedes, which is expired at Stripe.
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
  const prepared = fields.prepare === true;
  const limited = await checkRateLimits(deps, {
    bucket: prepared ? "checkout-prepare" : "checkout",
    keys: [`ip:${clientAddress}`],
    limit: config.CHECKOUT_RATE_LIMIT,
  });
  if (!limited.allowed) {
    return { outcome: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  }
  if (checkSpamTraps(deps, "checkout", traps) !== "passed") return { outcome: "discarded" };
  try {
    // Carried through Stripe Checkout in the session's metadata, recorded with the paid order.
    const source = await visitSourceOf(fields.attribution, deps, clientAddress);
    const { url, sessionId } = await openCheckoutSession(
      { ...deps, stripe },
      parsed.value,
      source,
      {
        carrySource: attributionAllowed(deps),
        timeZone: ianaTimeZone(fields.timeZone),
        prepared,
      },
    );
    if (isSessionId(fields.replaces)) await expireReplaced(deps, stripe, fields.replaces);
    return { outcome: "opened", url, sessionId };
  } catch (error) {
    // The order is kept as failed; the buyer may simply try again.
    logFailure("checkout session not opened", error);
    return { outcome: "provider-failed" };
  }
}

/** A Checkout session id as Stripe writes them; nothing else is looked up. */
function isSessionId(value: unknown): value is string {
  return typeof value === "string" && /^cs_\w{1,200}$/.test(value);
}

/** The new session is the buyer's either way: a failure to expire the old one is only logged. */
async function expireReplaced(deps: ServiceDeps, stripe: Stripe, sessionId: string) {
  try {
    await expirePreparedSession({ db: deps.db, stripe }, sessionId);
  } catch (error) {
    logFailure("superseded checkout session not expired", error);
  }
}

export type PressOutcome =
  | { outcome: "closed" }
  | { outcome: "invalid"; error: string }
  | { outcome: "rate-limited"; retryAfterSeconds: number }
  | { outcome: "opened" | "unchanged" };

/**
 * The buyer pressed Complete Purchase and went straight to a session prepared for the form as it
 * stood (decision 275): the page's beacon names it, with the visit's source and the browser's
 * zone, and its order is opened as a press-time checkout would have opened it. Counted in the
 * `checkout` bucket like the press it stands for.
 */
export async function recordCheckoutPress(
  deps: ServiceDeps,
  { fields, clientAddress }: { fields: Record<string, unknown>; clientAddress: string },
): Promise<PressOutcome> {
  const { config } = deps;
  if (!config.SALES_OPEN) return { outcome: "closed" };
  if (!isSessionId(fields.sessionId)) return { outcome: "invalid", error: "Invalid sessionId." };
  const limited = await checkRateLimits(deps, {
    bucket: "checkout",
    keys: [`ip:${clientAddress}`],
    limit: config.CHECKOUT_RATE_LIMIT,
  });
  if (!limited.allowed) {
    return { outcome: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  }
  const sessionId = fields.sessionId;
  const visitSource = await visitSourceOf(fields.attribution, deps, clientAddress);
  const opened = await deps.db.transaction().execute((trx) =>
    openPreparedOrder(trx, deps, sessionId, {
      visitSource,
      carrySource: attributionAllowed(deps),
      timeZone: ianaTimeZone(fields.timeZone),
    }),
  );
  return { outcome: opened ? "opened" : "unchanged" };
}
