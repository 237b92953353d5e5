import { createHmac, timingSafeEqual } from "node:crypto";
import type { DeliveryEvent } from "../delivery-events";
import {
  dateOf,
  freshnessMs,
  isObject,
  parseJson,
  refuse,
  text,
  type ProviderWebhook,
} from "./provider";

/**
 * Mailgun: `signature.signature` is the HMAC-SHA256 of timestamp + token under the webhook
 * signing key; a timestamp more than five minutes off is stale. `failed` with severity permanent
 * is a hard bounce, temporary a soft one; `complained` a complaint; the rest is ignored.
 */
export const mailgunWebhook: ProviderWebhook = {
  configured: (config) => Boolean(config.MAILGUN_WEBHOOK_SIGNING_KEY),
  async verify(config, { body, now }) {
    const payload = parseJson(body);
    if (!isObject(payload) || !isObject(payload.signature) || !isObject(payload["event-data"]))
      return refuse(400, "The body must be a Mailgun webhook: JSON with signature and event-data.");
    const { timestamp, token, signature } = payload.signature;
    if (typeof timestamp !== "string" || typeof token !== "string" || typeof signature !== "string")
      return refuse(401, "The Mailgun signature is missing.");
    const expected = createHmac("sha256", config.MAILGUN_WEBHOOK_SIGNING_KEY!)
      .update(timestamp + token)
      .digest();
    const given = Buffer.from(signature, "hex");
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return refuse(401, "The Mailgun signature does not match.");
    if (Math.abs(now.getTime() - Number(timestamp) * 1000) > freshnessMs)
      return refuse(401, "The Mailgun signature is stale: its timestamp is over five minutes off.");
    const event = text(payload["event-data"].event);
    return event === "failed" || event === "complained"
      ? { outcome: "keep" }
      : { outcome: "ignore" };
  },
  events(body) {
    const payload = parseJson(body);
    if (!isObject(payload) || !isObject(payload["event-data"])) return [];
    const data = payload["event-data"];
    const message = isObject(data.message) ? data.message : {};
    const headers = isObject(message.headers) ? message.headers : {};
    const status = isObject(data["delivery-status"]) ? data["delivery-status"] : {};
    const messageId = text(headers["message-id"]);
    const base = {
      provider: "mailgun" as const,
      providerEventId: text(data.id),
      email: text(data.recipient),
      messageId: messageId ? `<${messageId.replace(/^<|>$/g, "")}>` : undefined,
      occurredAt: dateOf(data.timestamp, new Date()),
    };
    if (!base.providerEventId || !base.email) return [];
    if (data.event === "complained")
      return [{ ...base, kind: "complaint", detail: "Spam complaint (Mailgun)" }];
    if (data.event !== "failed") return [];
    const detail = [status.code, status.description || status.message || data.reason]
      .filter(Boolean)
      .join(" ");
    const event: DeliveryEvent = {
      ...base,
      kind: "bounce",
      bounce: data.severity === "temporary" ? "soft" : "hard",
      detail: detail || "Failed (Mailgun)",
    };
    return [event];
  },
};
