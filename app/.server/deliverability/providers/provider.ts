import type { AppConfig } from "../../core/config";
import type { DeliveryEvent } from "../delivery-events";

/** What a provider's check of a webhook found. */
export type Verified =
  /** Signed and fresh: keep the body, answer, then read its events. */
  | { outcome: "keep" }
  /**
   * Signed, but nothing to hear (a delivery, an open): answered 200 and not kept; `afterAnswer` runs after
   * the answer (SNS's subscription confirmed).
   */
  | { outcome: "ignore"; afterAnswer?: () => Promise<void> }
  | { outcome: "refuse"; status: 400 | 401 | 403; message: string };

export type WebhookRequest = { headers: Headers; body: string; now: Date };

/** One provider's webhook: its setting, its signature check, and its events read from a body. */
export interface ProviderWebhook {
  /** Its setting is given: without it the webhook answers 404. */
  configured(config: AppConfig): boolean;
  verify(config: AppConfig, request: WebhookRequest): Promise<Verified>;
  /** The bounces and complaints in a kept body (a body may hold several, or none). */
  events(body: string): DeliveryEvent[];
}

/** How far a signed timestamp may be from our clock before the request is stale. */
export const freshnessMs = 5 * 60_000;

export const refuse = (status: 400 | 401 | 403, message: string): Verified => ({
  outcome: "refuse",
  status,
  message,
});

/** A JSON body, or undefined. */
export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const text = (value: unknown) => (typeof value === "string" ? value : "");

/** A provider's time (ISO text or Unix seconds), or `fallback` when it is not one. */
export function dateOf(value: unknown, fallback: Date) {
  const date =
    typeof value === "number"
      ? new Date(value * 1000)
      : new Date(typeof value === "string" ? value : NaN);
  return Number.isNaN(date.getTime()) ? fallback : date;
}
