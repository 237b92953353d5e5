import type { AppServices } from "../app-context";
import type { Stripe } from "../payments/stripe-client";

/**
 * What every service works with. The request context of every loader and action satisfies it,
 * so a route hands in `context`; `outbox.wake()` is the service's to call after a commit.
 */
export type ServiceDeps = Pick<AppServices, "db" | "clock" | "config" | "outbox">;

/** Services that talk to Stripe (only when STRIPE_SECRET_KEY is set). */
export type PaymentDeps = ServiceDeps & { stripe: Stripe };
