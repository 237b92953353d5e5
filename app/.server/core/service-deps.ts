import type Stripe from "stripe";
import type { AfterAnswer } from "./after-answer";
import type { Clock } from "./clock";
import type { AppConfig } from "./config";
import type { Db } from "./db/database";

/** What every loader and action receives as `context`: built once by the server's wiring. */
export type AppServices = {
  config: AppConfig;
  db: Db;
  clock: Clock;
  /** The outbox worker: `wake()` after committing emails sends them now instead of at the next poll. */
  outbox: { wake(): void };
  /** The broadcasts' queueing step: `wake()` after a broadcast is sent queues it now. */
  broadcastQueue: { wake(): void };
  /** The people import jobs: `wake()` after an upload, an import or a cancel runs it now. */
  peopleImports?: { wake(): void };
  /** The Stripe SDK, when STRIPE_SECRET_KEY is set. */
  stripe: Stripe | undefined;
  /**
   * The rendered article pages (decision 190): `changed()` after a publish renders them again on
   * this instance at once (resolved when done); the others see the version change within a second.
   */
  contentPages?: { changed(): Promise<void> };
};

/** Per-request values the server adds to the services. */
export type RequestContext = AppServices & {
  /** The visitor's IP address (Express `req.ip`, behind the trusted proxy). */
  clientAddress: string;
  /** The nonce this response's Content-Security-Policy allows inline scripts by. */
  scriptNonce?: string;
  /** Work to start once this request is answered (core/after-answer.ts). */
  afterAnswer?: AfterAnswer;
  /**
   * The browser sent Global Privacy Control (`Sec-GPC: 1`): unless ANALYTICS_HONOR_GPC is false,
   * what it sends is kept without its source.
   */
  globalPrivacyControl?: boolean;
  /** The browser's `User-Agent`: with the address, the day's visitor hash a lead is credited by. */
  userAgent?: string;
};

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}

/**
 * What every service works with. The request context of every loader and action satisfies it,
 * so a route hands in `context`; `outbox.wake()` is the service's to call after a commit.
 */
export type ServiceDeps = Pick<AppServices, "db" | "clock" | "config" | "outbox"> &
  Pick<RequestContext, "afterAnswer" | "globalPrivacyControl" | "userAgent">;

/** Services that talk to Stripe (only when STRIPE_SECRET_KEY is set). */
export type PaymentDeps = ServiceDeps & { stripe: Stripe };
