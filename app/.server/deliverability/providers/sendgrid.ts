import { createPublicKey, verify, type KeyObject } from "node:crypto";
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

let parsedKey: { text: string; key: KeyObject } | undefined;

/** The verification key as SendGrid shows it: base64 DER (SPKI), with or without PEM lines. */
function publicKey(text: string) {
  if (parsedKey?.text !== text) {
    const der = Buffer.from(text.replace(/-----[A-Z ]+-----|\s/g, ""), "base64");
    parsedKey = { text, key: createPublicKey({ key: der, format: "der", type: "spki" }) };
  }
  return parsedKey.key;
}

/**
 * SendGrid's signed event webhook: an ECDSA (P-256, SHA-256, DER) signature over timestamp + body,
 * checked with node:crypto and the verification key; a timestamp over five minutes off is stale.
 * Not with `@sendgrid/eventwebhook`: its pure-JavaScript ECDSA took tens of milliseconds a check
 * and most of the server's time under load (bench/results/2026-12-07-deliverability-2.md).
 * A body is a batch: `bounce` (type bounce is hard, blocked soft) and `spamreport` are heard.
 */
export const sendgridWebhook: ProviderWebhook = {
  configured: (config) => Boolean(config.SENDGRID_WEBHOOK_PUBLIC_KEY),
  async verify(config, { headers, body, now }) {
    const signature = headers.get("x-twilio-email-event-webhook-signature");
    const timestamp = headers.get("x-twilio-email-event-webhook-timestamp");
    if (!signature || !timestamp) return refuse(401, "The SendGrid signature headers are missing.");
    let valid = false;
    try {
      valid = verify(
        "sha256",
        Buffer.from(timestamp + body),
        publicKey(config.SENDGRID_WEBHOOK_PUBLIC_KEY!),
        Buffer.from(signature, "base64"),
      );
    } catch {
      valid = false;
    }
    if (!valid) return refuse(401, "The SendGrid signature does not match.");
    if (Math.abs(now.getTime() - Number(timestamp) * 1000) > freshnessMs)
      return refuse(
        401,
        "The SendGrid signature is stale: its timestamp is over five minutes off.",
      );
    if (!Array.isArray(parseJson(body)))
      return refuse(400, "The body must be a SendGrid event batch: a JSON array.");
    return this.events(body).length > 0 ? { outcome: "keep" } : { outcome: "ignore" };
  },
  events(body) {
    const batch = parseJson(body);
    if (!Array.isArray(batch)) return [];
    const events: DeliveryEvent[] = [];
    for (const item of batch as unknown[]) {
      if (!isObject(item)) continue;
      const base = {
        provider: "sendgrid" as const,
        providerEventId: text(item.sg_event_id),
        email: text(item.email),
        messageId: text(item["smtp-id"]) || undefined,
        occurredAt: dateOf(item.timestamp, new Date()),
      };
      if (!base.providerEventId || !base.email) continue;
      if (item.event === "spamreport")
        events.push({ ...base, kind: "complaint", detail: "Spam complaint (SendGrid)" });
      else if (item.event === "bounce")
        events.push({
          ...base,
          kind: "bounce",
          bounce: item.type === "blocked" ? "soft" : "hard",
          detail: [text(item.status), text(item.reason)].filter(Boolean).join(" ") || "Bounce",
        });
    }
    return events;
  },
};
