import { createHmac, randomBytes, randomUUID } from "node:crypto";

/** What a test or bench posts to a provider's webhook: its headers and raw body. */
export type SignedWebhook = { headers: Record<string, string>; body: string };

export type BounceSpec = {
  email: string;
  /** Our outbox email's id, quoted as the Message-ID `<id@domain>`. */
  outboxId?: string;
  kind?: "hard" | "soft" | "complaint";
  eventId?: string;
  at?: Date;
};

/** A Mailgun `failed` or `complained` event, signed with `key` as Mailgun signs (HMAC-SHA256). */
export function mailgunWebhook(
  key: string,
  spec: BounceSpec,
  { signedAt = spec.at ?? new Date(), forge = false } = {},
): SignedWebhook {
  const timestamp = String(Math.floor(signedAt.getTime() / 1000));
  const token = randomBytes(25).toString("hex");
  const signature = createHmac("sha256", forge ? "not-the-key" : key)
    .update(timestamp + token)
    .digest("hex");
  const kind = spec.kind ?? "hard";
  const body = {
    signature: { timestamp, token, signature },
    "event-data": {
      id: spec.eventId ?? randomUUID(),
      event: kind === "complaint" ? "complained" : "failed",
      severity: kind === "soft" ? "temporary" : "permanent",
      timestamp: (spec.at ?? new Date()).getTime() / 1000,
      recipient: spec.email,
      message: {
        headers: spec.outboxId ? { "message-id": `${spec.outboxId}@presence.example` } : {},
      },
      "delivery-status": { code: 550, description: "5.1.1 No such user" },
    },
  };
  return { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
}
