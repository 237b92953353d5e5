import type { DeliveryEvent } from "../delivery-events";
import { dateOf, isObject, parseJson, refuse, text, type ProviderWebhook } from "./provider";

/**
 * Resend signs its webhooks with Svix: `svix` checks the signature over id, timestamp and body
 * with the signing secret, and refuses a timestamp over five minutes off. `email.bounced`
 * (Permanent is hard, the rest soft) and `email.complained` are heard; one event per email and type.
 */
export const resendWebhook: ProviderWebhook = {
  configured: (config) => Boolean(config.RESEND_WEBHOOK_SECRET),
  async verify(config, { headers, body }) {
    const id = headers.get("svix-id");
    const timestamp = headers.get("svix-timestamp");
    const signature = headers.get("svix-signature");
    if (!id || !timestamp || !signature)
      return refuse(401, "The Svix signature headers are missing.");
    // Loaded on the first Resend event: most servers never hear one (idle memory, issue 46).
    const { Webhook } = await import("svix");
    try {
      new Webhook(config.RESEND_WEBHOOK_SECRET!).verify(body, {
        "svix-id": id,
        "svix-timestamp": timestamp,
        "svix-signature": signature,
      });
    } catch (error) {
      const stale = error instanceof Error && /timestamp/i.test(error.message);
      return refuse(
        401,
        stale ? "The Resend signature is stale." : "The Resend signature does not match.",
      );
    }
    const payload = parseJson(body);
    if (!isObject(payload) || typeof payload.type !== "string")
      return refuse(400, "The body must be a Resend event: JSON with a type.");
    return this.events(body).length > 0 ? { outcome: "keep" } : { outcome: "ignore" };
  },
  events(body) {
    const payload = parseJson(body);
    if (!isObject(payload) || !isObject(payload.data)) return [];
    const data = payload.data;
    const to = Array.isArray(data.to) ? text(data.to[0]) : text(data.to);
    const emailId = text(data.email_id);
    if (!to || !emailId) return [];
    const base = {
      provider: "resend" as const,
      providerEventId: `${text(payload.type)}:${emailId}`,
      email: to,
      occurredAt: dateOf(payload.created_at, new Date()),
    };
    if (payload.type === "email.complained")
      return [{ ...base, kind: "complaint", detail: "Spam complaint (Resend)" }];
    if (payload.type !== "email.bounced") return [];
    const bounce = isObject(data.bounce) ? data.bounce : {};
    const event: DeliveryEvent = {
      ...base,
      kind: "bounce",
      bounce: bounce.type === "Permanent" ? "hard" : "soft",
      detail:
        [text(bounce.type), text(bounce.subType), text(bounce.message)]
          .filter(Boolean)
          .join(": ") || "Bounced",
    };
    return [event];
  },
};
