import { Agent, get } from "node:https";
import { connect } from "node:tls";
import type SnsPayloadValidator from "sns-payload-validator";
import type { AppConfig } from "../../core/config";
import type { DeliveryEvent } from "../delivery-events";
import { dateOf, isObject, parseJson, refuse, text, type ProviderWebhook } from "./provider";

/** Only Amazon's SNS hosts are asked for a certificate or a subscription's confirmation. */
const snsUrl = /^https:\/\/sns\.[a-z0-9-]{3,}\.amazonaws\.com(\.cn)?\//;
/** SNS retries a notification for up to an hour; older is a replay of a captured body. */
const snsFreshnessMs = 60 * 60_000;

const validators = new Map<string, { validator: SnsPayloadValidator; agent?: Agent }>();

/**
 * The validator (it caches certificates) and, in tests, an agent that connects to the fake's
 * host:port while TLS still checks the certificate URL's own host name.
 */
async function validatorFor(config: AppConfig) {
  const origin = config.SES_SNS_CERT_ORIGIN ?? "";
  let entry = validators.get(origin);
  if (!entry) {
    let agent: Agent | undefined;
    if (origin) {
      const [host, port] = origin.split(":");
      agent = new Agent();
      // Only tests set it: the connection goes to the fake, TLS still names Amazon's host.
      agent.createConnection = (options) =>
        connect({
          ...(options as object),
          host,
          port: Number(port),
          servername: (options as { host?: string }).host,
        });
    }
    // Loaded on the first SNS message: most servers never hear one (idle memory, issue 46).
    const { default: Validator } = await import("sns-payload-validator");
    entry = { validator: new Validator({ requestAgent: agent }), agent };
    validators.set(origin, entry);
  }
  return entry;
}

function confirmSubscription(url: string, agent: Agent | undefined) {
  return new Promise<void>((resolve, reject) => {
    get(url, { agent }, (response) => {
      response.resume();
      response.on("end", () =>
        (response.statusCode ?? 500) < 300
          ? resolve()
          : reject(new Error(`SNS answered ${response.statusCode} to the confirmation`)),
      );
    }).on("error", reject);
  });
}

/** SES's notification inside an SNS message (`notificationType`, or `eventType` of event publishing). */
function sesNotification(body: string) {
  const envelope = parseJson(body);
  if (!isObject(envelope) || envelope.Type !== "Notification") return undefined;
  const message = parseJson(text(envelope.Message));
  return isObject(message) ? message : undefined;
}

/**
 * Amazon SES through SNS: every message's signature is checked with `sns-payload-validator`
 * (the certificate's URL must be an Amazon SNS host), its topic must be one of
 * SES_SNS_TOPIC_ARNS and it must be under an hour old. A SubscriptionConfirmation is confirmed
 * after the answer (its SubscribeURL on an SNS host); Bounce and Complaint notifications are
 * heard, Delivery and every other type are answered 200 and dropped.
 */
export const sesWebhook: ProviderWebhook = {
  configured: (config) => Boolean(config.SES_SNS_TOPIC_ARNS),
  async verify(config, { body, now }) {
    const payload = parseJson(body);
    if (!isObject(payload) || typeof payload.Type !== "string")
      return refuse(400, "The body must be an SNS message: JSON with a Type.");
    const { validator, agent } = await validatorFor(config);
    try {
      await validator.validate(payload as never);
    } catch {
      return refuse(401, "The SNS signature does not verify.");
    }
    const topics = config.SES_SNS_TOPIC_ARNS!.split(",").map((topic) => topic.trim());
    if (!topics.includes(text(payload.TopicArn)))
      return refuse(403, "The SNS topic is not one of SES_SNS_TOPIC_ARNS.");
    if (Math.abs(now.getTime() - dateOf(payload.Timestamp, new Date(0)).getTime()) > snsFreshnessMs)
      return refuse(401, "The SNS message is stale: its timestamp is over an hour off.");
    if (payload.Type === "SubscriptionConfirmation") {
      const url = text(payload.SubscribeURL);
      if (!snsUrl.test(url)) return refuse(400, "The SubscribeURL is not an Amazon SNS address.");
      return { outcome: "ignore", afterAnswer: () => confirmSubscription(url, agent) };
    }
    return this.events(body).length > 0 ? { outcome: "keep" } : { outcome: "ignore" };
  },
  events(body) {
    const message = sesNotification(body);
    if (!message) return [];
    const type = text(message.notificationType) || text(message.eventType);
    const mail = isObject(message.mail) ? message.mail : {};
    const common = isObject(mail.commonHeaders) ? mail.commonHeaders : {};
    const messageId = text(common.messageId) || undefined;
    const events: DeliveryEvent[] = [];
    if (type === "Bounce" && isObject(message.bounce)) {
      const bounce = message.bounce;
      const recipients = Array.isArray(bounce.bouncedRecipients) ? bounce.bouncedRecipients : [];
      for (const recipient of recipients as unknown[]) {
        if (!isObject(recipient) || !text(recipient.emailAddress)) continue;
        events.push({
          provider: "ses",
          providerEventId: `${text(bounce.feedbackId)}:${text(recipient.emailAddress)}`,
          kind: "bounce",
          bounce: bounce.bounceType === "Permanent" ? "hard" : "soft",
          email: text(recipient.emailAddress),
          messageId,
          occurredAt: dateOf(bounce.timestamp, new Date()),
          detail:
            [text(bounce.bounceType), text(bounce.bounceSubType), text(recipient.diagnosticCode)]
              .filter(Boolean)
              .join(": ") || "Bounce",
        });
      }
    }
    if (type === "Complaint" && isObject(message.complaint)) {
      const complaint = message.complaint;
      const recipients = Array.isArray(complaint.complainedRecipients)
        ? complaint.complainedRecipients
        : [];
      for (const recipient of recipients as unknown[]) {
        if (!isObject(recipient) || !text(recipient.emailAddress)) continue;
        events.push({
          provider: "ses",
          providerEventId: `${text(complaint.feedbackId)}:${text(recipient.emailAddress)}`,
          kind: "complaint",
          email: text(recipient.emailAddress),
          messageId,
          occurredAt: dateOf(complaint.timestamp, new Date()),
          detail: `Spam complaint (SES${complaint.complaintFeedbackType ? `: ${text(complaint.complaintFeedbackType)}` : ""})`,
        });
      }
    }
    return events.filter((event) => event.providerEventId.length > 1);
  },
};
