import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { SendMailOptions, Transporter, TransportOptions } from "nodemailer";

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
};

/** Signs every outgoing email (nodemailer's `dkim` option); see README for the DNS record. */
export type DkimSigning = { domainName: string; keySelector: string; privateKey: string };

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

function mailOptions(message: TransportMessage): SendMailOptions {
  return {
    messageId: messageId(message),
    date: new Date(message.createdAt),
    from: message.from,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
  };
}

/**
 * Real delivery through an SMTP server (`smtp://user:pass@host:587`, `smtps://...`). Every wait on
 * the server (connecting, its greeting, any silence mid-conversation) ends after `timeoutMs`, so a
 * stalled server fails the attempt (retried later) instead of holding the email for minutes.
 */
export function smtpTransport(
  smtpUrl: string,
  { timeoutMs = 20_000, dkim }: { timeoutMs?: number; dkim?: DkimSigning } = {},
): MailTransport {
  const transporter = lazyTransporter({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dkim,
  });
  return {
    description: `SMTP ${new URL(smtpUrl).host}`,
    async send(message) {
      await (await transporter.get()).sendMail(mailOptions(message));
    },
    close: transporter.close,
  };
}

/**
 * Development and test delivery: each email becomes `<mailDir>/<created>-<id>.eml`. Written under a
 * temporary name and renamed, so a reader never sees half a file; a resend overwrites the same file.
 */
export function mailDirTransport(mailDir: string, dkim?: DkimSigning): MailTransport {
  const transporter = lazyTransporter({ streamTransport: true, buffer: true, dkim });
  return {
    description: `.eml files in ${mailDir}`,
    async send(message) {
      const info = await (await transporter.get()).sendMail(mailOptions(message));
      await mkdir(mailDir, { recursive: true });
      const stamp = message.createdAt.replace(/[:.]/g, "-");
      const file = path.join(mailDir, `${stamp}-${message.id}.eml`);
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
    },
    close: transporter.close,
  };
}

export function createMailTransport({
  smtpUrl,
  smtpTimeoutMs,
  mailDir,
  dkim,
}: {
  smtpUrl?: string;
  smtpTimeoutMs?: number;
  mailDir: string;
  dkim?: DkimSigning;
}) {
  return smtpUrl
    ? smtpTransport(smtpUrl, { timeoutMs: smtpTimeoutMs, dkim })
    : mailDirTransport(mailDir, dkim);
}
