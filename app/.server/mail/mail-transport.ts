import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { SendMailOptions, Transporter, TransportOptions } from "nodemailer";
import { elasticSendGate } from "./elastic-send-gate";
import type { wholeMessage } from "./whole-message";
import { returnPathFor } from "./bounce-mailbox/return-path";
import { sharedBodyEncoder, type EncodedParts, type SharedBody } from "./shared-body";
import type { EmailAttachment } from "./templates/email-template";

/** One email as the transport sends it. */
export type TransportMessage = {
  /** The outbox id: also the Message-ID, so a receiver can spot a resend. */
  id: string;
  createdAt: string;
  to: string;
  from: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  headers: Record<string, string>;
  attachments?: EmailAttachment[];
  /** The body `text` and `html` were filled in from, encoded once for all who share it. */
  sharedBody?: SharedBody;
};

/** Signs every outgoing email (nodemailer's `dkim` option); see README for the DNS record. */
export type DkimSigning = { domainName: string; keySelector: string; privateKey: string };

/**
 * nodemailer's default signed headers, plus List-Unsubscribe-Post: a one-click unsubscribe header
 * left unsigned could be added by anyone on the way (Gmail and Yahoo ask for both signed).
 */
const signedHeaders = [
  "From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type",
  "Content-Transfer-Encoding:Content-ID:Content-Description:Resent-Date:Resent-From",
  "Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:In-Reply-To:References:List-Id:List-Help",
  "List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:List-Owner:List-Archive",
].join(":");

function dkimOptions(dkim: DkimSigning | undefined) {
  return dkim && { ...dkim, headerFieldNames: signedHeaders };
}

/**
 * Pooled SMTP: connections kept open and reused, several emails in flight at once: `connections`
 * while the server answers quickly, up to `maxConnections` while it is slow (elastic-send-gate).
 */
export type SmtpPool = {
  connections: number;
  maxConnections?: number;
  messagesPerConnection: number;
};

export type MailTransport = {
  /** For the start-up log: where mail goes. */
  description: string;
  send(message: TransportMessage): Promise<void>;
  close(): void;
};

/**
 * nodemailer's transporter, created with the first email: a server that has sent nothing has not
 * loaded nodemailer (3 MB resident).
 */
function lazyTransporter(options: TransportOptions | Record<string, unknown>) {
  let transporter: Promise<Transporter> | undefined;
  return {
    get: () =>
      (transporter ??= import("nodemailer").then(({ default: nodemailer }) =>
        nodemailer.createTransport(options),
      )),
    close: () => void transporter?.then((created) => created.close()),
  };
}

function messageId(message: TransportMessage) {
  const domain = /@([^>\s]+)/.exec(message.from)?.[1] ?? "localhost";
  return `<${message.id}@${domain}>`;
}

/** The headers' values nodemailer is given, or a whole message is built from. */
function headerValues(message: TransportMessage) {
  return {
    messageId: messageId(message),
    date: new Date(message.createdAt),
    from: message.from,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    headers: message.headers,
  };
}

/**
 * nodemailer's options for one email: its composer writes the message (decision 310). Parts
 * already encoded from a shared body go in as they are (`raw`), so a broadcast's body is not
 * quoted-printable encoded again for every copy; with plain headers the whole message is one
 * buffer (whole-message.ts).
 */
function mailOptions(
  message: TransportMessage,
  encoded?: EncodedParts,
  whole?: typeof wholeMessage,
): SendMailOptions {
  const headers = headerValues(message);
  const built = encoded && whole?.(headers, encoded);
  if (built) return built;
  return {
    ...headers,
    text: encoded ? { raw: encoded.text } : message.text,
    html: encoded ? { raw: encoded.html } : message.html,
    attachments: message.attachments?.map(({ filename, contentType, content }) => ({
      filename,
      contentType,
      content,
    })),
  };
}

/** Each email's options, its body's parts encoded once per shared body where it has one. */
function mailOptionsBuilder() {
  const encodedParts = sharedBodyEncoder();
  // Loaded with the first shared body, as nodemailer is with the first email.
  let whole: Promise<typeof wholeMessage> | undefined;
  return async (message: TransportMessage) => {
    const encoded =
      message.sharedBody && !message.attachments?.length
        ? await encodedParts(message.sharedBody)
        : undefined;
    if (!encoded) return mailOptions(message);
    whole ??= import("./whole-message").then((module) => module.wholeMessage);
    return mailOptions(message, encoded, await whole);
  };
}

/**
 * Real delivery through an SMTP server (`smtp://user:pass@host:587`, `smtps://...`), over a pool
 * of connections kept open (a new TLS session and login per email capped a send at ~40/s). Every
 * wait on the server (connecting, its greeting, any silence mid-conversation) ends after
 * `timeoutMs`, so a stalled server fails the attempt (retried later) instead of holding the email
 * for minutes; a stalled connection holds only its own email, the others go on. With a
 * `bounceAddress`, each email's envelope sender is its own return path there (VERP), so a report
 * mailed back names the email it is about.
 */
export function smtpTransport(
  smtpUrl: string,
  {
    timeoutMs = 20_000,
    dkim,
    pool = { connections: 5, messagesPerConnection: 100 },
    bounceAddress,
  }: { timeoutMs?: number; dkim?: DkimSigning; pool?: SmtpPool; bounceAddress?: string } = {},
): MailTransport {
  const transporter = lazyTransporter({
    url: smtpUrl,
    pool: true,
    maxConnections: Math.max(pool.connections, pool.maxConnections ?? pool.connections),
    maxMessages: pool.messagesPerConnection,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dkim: dkimOptions(dkim),
  });
  const options = mailOptionsBuilder();
  const gate = elasticSendGate({
    base: pool.connections,
    ceiling: pool.maxConnections ?? pool.connections,
  });
  return {
    description: `SMTP ${new URL(smtpUrl).host}`,
    async send(message) {
      const sender = await transporter.get();
      const mail = await options(message);
      if (bounceAddress) {
        mail.envelope = { from: returnPathFor(bounceAddress, message.id), to: [message.to] };
      }
      await gate.run(() => sender.sendMail(mail));
    },
    close: transporter.close,
  };
}

/**
 * Development and test delivery: each email becomes `<mailDir>/<created>-<id>.eml`. Written under a
 * temporary name and renamed, so a reader never sees half a file; a resend overwrites the same file.
 */
export function mailDirTransport(mailDir: string, dkim?: DkimSigning): MailTransport {
  const transporter = lazyTransporter({
    streamTransport: true,
    buffer: true,
    dkim: dkimOptions(dkim),
  });
  const options = mailOptionsBuilder();
  return {
    description: `.eml files in ${mailDir}`,
    async send(message) {
      const sent = await (await transporter.get()).sendMail(await options(message));
      const bytes = sent.message as Buffer;
      const stamp = message.createdAt.replace(/[:.]/g, "-");
      const file = path.join(mailDir, `${stamp}-${message.id}.eml`);
      // The folder is made when a write finds it missing, not checked before every email.
      await writeFile(`${file}.tmp`, bytes).catch(async (error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        await mkdir(mailDir, { recursive: true });
        await writeFile(`${file}.tmp`, bytes);
      });
      await rename(`${file}.tmp`, file);
    },
    close: transporter.close,
  };
}

export function createMailTransport({
  smtpUrl,
  smtpTimeoutMs,
  pool,
  mailDir,
  dkim,
  bounceAddress,
}: {
  smtpUrl?: string;
  bounceAddress?: string;
  smtpTimeoutMs?: number;
  pool?: SmtpPool;
  mailDir: string;
  dkim?: DkimSigning;
}) {
  return smtpUrl
    ? smtpTransport(smtpUrl, { timeoutMs: smtpTimeoutMs, dkim, pool, bounceAddress })
    : mailDirTransport(mailDir, dkim);
}
