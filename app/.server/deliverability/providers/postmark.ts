import { createHash, timingSafeEqual } from "node:crypto";
import type { DeliveryEvent } from "../delivery-events";
import { dateOf, isObject, parseJson, refuse, text, type ProviderWebhook } from "./provider";

/** Postmark's bounce types that say the address will never take mail; the soft ones may pass. */
const hardTypes = new Set(["HardBounce", "BadEmailAddress", "ManuallyDeactivated", "Blocked"]);
const softTypes = new Set(["SoftBounce", "Transient", "DnsError", "Unknown"]);

/** Equal-time comparison of two secrets of any length (their digests are compared). */
function sameSecret(given: string, expected: string) {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Postmark: its webhooks carry no signature, so the webhook is set with a custom header,
 * `X-Webhook-Secret`, never basic auth or a secret in the URL (the request log keeps the route's
 * pattern, but a proxy's log keeps the path). Postmark sends no timestamp to judge staleness by:
 * a replay of a kept event is a duplicate by its ID. Bounce (hard or soft by Type) and
 * SpamComplaint are heard; other types and record types are ignored.
 */
export const postmarkWebhook: ProviderWebhook = {
  configured: (config) => Boolean(config.POSTMARK_WEBHOOK_SECRET),
  async verify(config, { headers, body }) {
    const secret = headers.get("x-webhook-secret");
    if (!secret) return refuse(401, "The X-Webhook-Secret header is missing.");
    if (!sameSecret(secret, config.POSTMARK_WEBHOOK_SECRET!))
      return refuse(401, "The X-Webhook-Secret header does not match.");
    const payload = parseJson(body);
    if (!isObject(payload) || typeof payload.RecordType !== "string")
      return refuse(400, "The body must be a Postmark webhook: JSON with a RecordType.");
    return this.events(body).length > 0 ? { outcome: "keep" } : { outcome: "ignore" };
  },
  events(body) {
    const payload = parseJson(body);
    if (!isObject(payload)) return [];
    const id = payload.ID;
    const email = text(payload.Email);
    if ((typeof id !== "number" && typeof id !== "string") || !email) return [];
    const base = {
      provider: "postmark" as const,
      providerEventId: `${text(payload.RecordType)}:${id}`,
      email,
      occurredAt: dateOf(payload.BouncedAt, new Date()),
    };
    const type = text(payload.Type);
    if (payload.RecordType === "SpamComplaint")
      return [{ ...base, kind: "complaint", detail: "Spam complaint (Postmark)" }];
    if (payload.RecordType !== "Bounce" || !(hardTypes.has(type) || softTypes.has(type))) return [];
    const event: DeliveryEvent = {
      ...base,
      kind: "bounce",
      bounce: hardTypes.has(type) ? "hard" : "soft",
      detail: [type, text(payload.Description), text(payload.Details)].filter(Boolean).join(": "),
    };
    return [event];
  },
};
