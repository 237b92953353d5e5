import { execFileSync } from "node:child_process";
import { createSign, randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SignedWebhook } from "./provider-webhooks";

export const snsHost = "sns.us-east-1.amazonaws.com";

/**
 * Amazon SNS as a local HTTPS fake: a key and certificate made with openssl for SNS's host, the
 * certificate served at a SigningCertURL of Amazon's form, the subscription confirmations it is
 * asked for recorded, and messages signed with the key as SNS signs them (SignatureVersion 2).
 * The server under test trusts the certificate (NODE_EXTRA_CA_CERTS) and is pointed here with
 * SES_SNS_CERT_ORIGIN.
 */
export async function startSnsFake(port: number) {
  const dir = mkdtempSync(path.join(tmpdir(), "sns-fake-"));
  const keyFile = path.join(dir, "key.pem");
  const certFile = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "2",
      "-keyout",
      keyFile,
      "-out",
      certFile,
      "-subj",
      `/CN=${snsHost}`,
      "-addext",
      `subjectAltName=DNS:${snsHost}`,
    ],
    { stdio: "ignore" },
  );
  const key = readFileSync(keyFile, "utf8");
  const cert = readFileSync(certFile, "utf8");
  const certPath = `/SimpleNotificationService-${randomBytes(16).toString("hex")}.pem`;
  const confirmations: string[] = [];
  const server = createServer({ key, cert }, (request, response) => {
    if (request.url === certPath) {
      response.writeHead(200, { "Content-Type": "application/x-pem-file" }).end(cert);
      return;
    }
    if (request.url?.startsWith("/?Action=ConfirmSubscription")) {
      confirmations.push(request.url);
      response.writeHead(200, { "Content-Type": "text/xml" }).end("<ConfirmSubscriptionResponse/>");
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

  function signed(fields: Record<string, string>, keys: string[]): SignedWebhook {
    const payload: Record<string, string> = {
      ...fields,
      SignatureVersion: "2",
      SigningCertURL: `https://${snsHost}${certPath}`,
    };
    const signer = createSign("sha256WithRSAEncryption");
    for (const name of keys) if (name in payload) signer.write(`${name}\n${payload[name]}\n`);
    signer.end();
    payload.Signature = signer.sign(key, "base64");
    return {
      headers: {
        "Content-Type": "text/plain; charset=UTF-8",
        "x-amz-sns-message-type": fields.Type!,
      },
      body: JSON.stringify(payload),
    };
  }

  return {
    certFile,
    origin: `127.0.0.1:${port}`,
    confirmations,
    /** A message signed by SNS's key; `forge` signs it with a key of its own instead. */
    notification(topicArn: string, message: unknown, { timestamp = new Date() } = {}) {
      return signed(
        {
          Type: "Notification",
          MessageId: randomUUID(),
          TopicArn: topicArn,
          Message: JSON.stringify(message),
          Timestamp: timestamp.toISOString(),
        },
        ["Message", "MessageId", "Subject", "Timestamp", "TopicArn", "Type"],
      );
    },
    subscriptionConfirmation(topicArn: string) {
      const token = randomBytes(32).toString("hex");
      return signed(
        {
          Type: "SubscriptionConfirmation",
          MessageId: randomUUID(),
          Token: token,
          TopicArn: topicArn,
          Message: `You have chosen to subscribe to the topic ${topicArn}.`,
          SubscribeURL: `https://${snsHost}/?Action=ConfirmSubscription&TopicArn=${encodeURIComponent(topicArn)}&Token=${token}`,
          Timestamp: new Date().toISOString(),
        },
        ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"],
      );
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An SES bounce or complaint notification as SES puts it in the SNS message. */
export function sesNotification(
  kind: "hard" | "soft" | "complaint" | "delivery",
  email: string,
  outboxId?: string,
) {
  const mail = {
    messageId: randomUUID(),
    commonHeaders: outboxId ? { messageId: `<${outboxId}@presence.example>` } : {},
  };
  const timestamp = new Date().toISOString();
  if (kind === "delivery")
    return { notificationType: "Delivery", mail, delivery: { recipients: [email], timestamp } };
  if (kind === "complaint")
    return {
      notificationType: "Complaint",
      mail,
      complaint: {
        feedbackId: randomUUID(),
        complainedRecipients: [{ emailAddress: email }],
        complaintFeedbackType: "abuse",
        timestamp,
      },
    };
  return {
    notificationType: "Bounce",
    mail,
    bounce: {
      feedbackId: randomUUID(),
      bounceType: kind === "hard" ? "Permanent" : "Transient",
      bounceSubType: kind === "hard" ? "General" : "MailboxFull",
      bouncedRecipients: [{ emailAddress: email, diagnosticCode: "smtp; 550 5.1.1 user unknown" }],
      timestamp,
    },
  };
}
