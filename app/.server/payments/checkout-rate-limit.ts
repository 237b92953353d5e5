import type { AppLoadContext } from "react-router";
import { hitRateLimit, type RateLimitDecision } from "../services/rate-limit";

const WINDOW_MS = 10 * 60_000;

/** Each checkout opens a Stripe session and an order: bound how many one visitor can start. */
export async function checkCheckoutRateLimit(context: AppLoadContext): Promise<RateLimitDecision> {
  const limit = context.config.CHECKOUT_RATE_LIMIT;
  if (limit === 0) return { allowed: true };
  return hitRateLimit(context.db, {
    bucket: "checkout",
    key: context.clientAddress,
    limit,
    windowMs: WINDOW_MS,
    now: context.clock.now(),
  });
}
