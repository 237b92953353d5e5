import type { Clock } from "../clock";
import type { AppConfig } from "../config";
import type { Db } from "../db/database";
import type { Stripe } from "../payments/stripe-client";

/** What the checkout services work with; the routes hand in the request context's values. */
export type CheckoutDeps = {
  db: Db;
  clock: Clock;
  config: AppConfig;
};

export type PaymentDeps = CheckoutDeps & { stripe: Stripe };
