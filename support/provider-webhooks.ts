import {
  createHmac,
  generateKeyPairSync,
  randomBytes,
  randomUUID,
  sign,
  type KeyObject,
} from "node:crypto";
import { Webhook } from "svix";

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

/** A Postmark Bounce or SpamComplaint, with the custom header the webhook is set with. */
export function postmarkWebhook(secret: string, spec: BounceSpec): SignedWebhook {
  const kind = spec.kind ?? "hard";
  const body = {
    RecordType: kind === "complaint" ? "SpamComplaint" : "Bounce",
    ID: spec.eventId ?? String(Math.floor(Math.random() * 1e15)),
    Type: kind === "complaint" ? "SpamComplaint" : kind === "soft" ? "SoftBounce" : "HardBounce",
    MessageID: randomUUID(),
    Email: spec.email,
    BouncedAt: (spec.at ?? new Date()).toISOString(),
    Description:
      "The server was unable to deliver your message (ex: unknown user, mailbox not found).",
    Details: "smtp;550 5.1.1 The email account that you tried to reach does not exist.",
    MessageStream: "outbound",
  };
  return {
    headers: { "Content-Type": "application/json", "X-Webhook-Secret": secret },
    body: JSON.stringify(body),
  };
}

/** A P-256 key pair as SendGrid's signed event webhook uses: the public key as SendGrid shows it. */
export function sendgridKeys() {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  return {
    publicKey: publicKey.export({ type: "spki", format: "der" }).toString("base64"),
    privateKey,
  };
}

/** A SendGrid event batch, signed with ECDSA over timestamp + body as SendGrid signs it. */
export function sendgridWebhook(
  privateKey: KeyObject,
  specs: BounceSpec[],
  { signedAt = new Date() } = {},
): SignedWebhook {
  const batch = specs.map((spec) => {
    const kind = spec.kind ?? "hard";
    return {
      email: spec.email,
      timestamp: Math.floor((spec.at ?? new Date()).getTime() / 1000),
      event: kind === "complaint" ? "spamreport" : "bounce",
      ...(kind !== "complaint" && {
        type: kind === "soft" ? "blocked" : "bounce",
        status: "5.1.1",
        reason: "550 5.1.1 The email account that you tried to reach does not exist",
      }),
      sg_event_id: spec.eventId ?? randomUUID(),
      sg_message_id: randomUUID(),
      ...(spec.outboxId && { "smtp-id": `<${spec.outboxId}@presence.example>` }),
    };
  });
  const body = JSON.stringify(batch);
  const timestamp = String(Math.floor(signedAt.getTime() / 1000));
  const signature = sign("sha256", Buffer.from(timestamp + body), privateKey).toString("base64");
  return {
    headers: {
      "Content-Type": "application/json",
      "X-Twilio-Email-Event-Webhook-Signature": signature,
      "X-Twilio-Email-Event-Webhook-Timestamp": timestamp,
    },
    body,
  };
}

/** A Resend signing secret as its dashboard shows it (`whsec_` and base64). */
export const resendSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

/** A Resend `email.bounced` or `email.complained` event, signed with Svix as Resend signs it. */
export function resendWebhook(
  secret: string,
  spec: BounceSpec,
  { signedAt = new Date() } = {},
): SignedWebhook {
  const kind = spec.kind ?? "hard";
  const body = JSON.stringify({
    type: kind === "complaint" ? "email.complained" : "email.bounced",
    created_at: (spec.at ?? new Date()).toISOString(),
    data: {
      email_id: spec.eventId ?? randomUUID(),
      to: [spec.email],
      subject: "A letter",
      ...(kind !== "complaint" && {
        bounce: {
          type: kind === "soft" ? "Transient" : "Permanent",
          subType: "General",
          message: "The recipient's email provider sent a hard bounce message.",
        },
      }),
    },
  });
  const id = `msg_${randomUUID()}`;
  const signature = new Webhook(secret).sign(id, signedAt, body);
  return {
    headers: {
      "Content-Type": "application/json",
      "svix-id": id,
      "svix-timestamp": String(Math.floor(signedAt.getTime() / 1000)),
      "svix-signature": signature,
    },
    body,
  };
}
