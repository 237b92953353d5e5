import type { Route } from "./+types/functions.v1.create-checkout-session";
import { readJson, RequestBodyError } from "~/.server/http/request-body";
import { checkCheckoutRateLimit } from "~/.server/payments/checkout-rate-limit";
import { parseCheckoutRequest } from "~/.server/payments/checkout-request";
import { openCheckoutSession } from "~/.server/services/orders";

const MAX_BODY_BYTES = 16 * 1024;

function fail(status: number, error: string, headers: Record<string, string> = {}) {
  return Response.json({ error }, { status, headers: { "cache-control": "no-store", ...headers } });
}

/**
 * The spec's create-checkout-session function: validates the items against the catalog and the
 * return URLs against SITE_URL, opens a Stripe Checkout session for a new pending order and
 * answers `{ url }`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return fail(405, "Use POST.");
  const { config, stripe } = context;
  if (!config.SALES_OPEN || !stripe) {
    return fail(503, "Purchases are not open yet. Please check back soon.");
  }
  let body: unknown;
  try {
    body = await readJson(request, MAX_BODY_BYTES);
  } catch (error) {
    if (!(error instanceof RequestBodyError)) throw error;
    return fail(error.status, error.message, error.headers);
  }
  const parsed = parseCheckoutRequest(body, config.SITE_URL);
  if (!parsed.ok) return fail(400, parsed.error);
  const limited = await checkCheckoutRateLimit(context);
  if (!limited.allowed) {
    return Response.json(
      { error: "Too many checkout attempts. Please try again in a few minutes." },
      { status: 429, headers: { "retry-after": String(limited.retryAfterSeconds) } },
    );
  }
  try {
    const { url } = await openCheckoutSession({ ...context, stripe }, parsed.value);
    return Response.json({ url }, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    console.warn(`Checkout session failed: ${(error as Error).message}`);
    return fail(502, "Unable to start checkout with the payment provider. Please try again.");
  }
}
