import type Stripe from "stripe";
import type { AppConfig } from "../core/config";

export type { Stripe };

/**
 * The Stripe SDK for this deployment, or undefined when no secret key is set (sales closed).
 * `STRIPE_API_BASE` points it elsewhere (a local fake in tests); otherwise it talks to Stripe.
 */
export async function createStripeClient(
  config: Pick<AppConfig, "STRIPE_SECRET_KEY" | "STRIPE_API_BASE">,
): Promise<Stripe | undefined> {
  if (!config.STRIPE_SECRET_KEY) return undefined;
  // Loaded only when sales use it: the SDK is a tenth of the server's start.
  const { default: Stripe } = await import("stripe");
  const options: ConstructorParameters<typeof Stripe>[1] = {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "presence-selling-site" },
  };
  if (config.STRIPE_API_BASE) {
    const base = new URL(config.STRIPE_API_BASE);
    options.host = base.hostname;
    options.port = base.port || (base.protocol === "https:" ? 443 : 80);
    options.protocol = base.protocol === "https:" ? "https" : "http";
  }
  return new Stripe(config.STRIPE_SECRET_KEY, options);
}
