import type { Route } from "./+types/functions.v1.create-checkout-session";
import { checkCheckoutRateLimit } from "~/.server/payments/checkout-rate-limit";
import { parseCheckoutRequest } from "~/.server/payments/checkout-request";
import { openCheckoutSession } from "~/.server/services/orders";

const MAX_BODY_BYTES = 16 * 1024;

function fail(status: number, error: string) {
  return Response.json({ error }, { status, headers: { "cache-control": "no-store" } });
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
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) {
    return fail(413, "Request body is too large.");
  }
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return fail(400, "Request body must be JSON.");
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
