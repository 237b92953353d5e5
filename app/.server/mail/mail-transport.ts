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
  /**
   * Asked once a connection is free for the email, just before it is handed over: false withdraws
   * it (the send rejects with {@link Withdrawn}, nothing reaches the server).
   */
  stillWanted?: () => Promise<boolean>;
};

/** The email was withdrawn at the last moment (its `stillWanted` said no): nothing was sent. */
export class Withdrawn extends Error {
  constructor() {
    super("Withdrawn before it was handed over");
    this.name = "Withdrawn";
  }
}

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
  /**
   * The sender is stopping: a final reply still awaited is given the ordinary wait at most, then
   * its email is uncertain (a stop never waits out RFC 5321's 10 minutes).
   */
  hurryFinalReplies?(): void;
  close(): void;
};

/**
 * nodemailer's transporter, created with the first email: a server that has sent nothing has not
 * loaded nodemailer (3 MB resident).
 */
function lazyTransporter(
  options: TransportOptions | Record<string, unknown>,
  prepare: (created: Transporter) => Transporter = (created) => created,
) {
  let transporter: Promise<Transporter> | undefined;
  return {
    get: () =>
      (transporter ??= import("nodemailer").then(({ default: nodemailer }) =>
        prepare(nodemailer.createTransport(options)),
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
 * The server took the whole message (its final "." is written) and never answered within the
 * wait RFC 5321 asks for (section 4.5.3.2.6, 10 minutes): it may have delivered it already, so the
 * outbox marks it "may not have gone out" instead of sending it again (a second copy).
 */
export class NoFinalReply extends Error {
  constructor(waitedMs: number) {
    super(
      `No reply to the end of the message after ${Math.round(waitedMs / 1000)} s: it may have gone out`,
    );
    this.name = "NoFinalReply";
  }
}

/** What a pooled send carries for its own clock (mail.data keeps unknown keys as given). */
type WatchedMail = { data: { onHandedOver?: () => void }; message: NodemailerMessage };
type NodemailerMessage = {
  processFunc(process: (input: NodeJS.ReadableStream) => NodeJS.ReadableStream): void;
};

/**
 * Tells each send when its message is handed over whole: the end of the stream the connection
 * reads the message from, DKIM's signature included (its own process function is added before
 * the pool is given the email, so this one, added as the pool takes it, reads its output).
 */
function watchHandOver(transporter: Transporter) {
  const pool = transporter.transporter as unknown as {
    send(mail: WatchedMail, callback: (...args: unknown[]) => void): unknown;
  };
  const send = pool.send.bind(pool);
  pool.send = (mail, callback) => {
    const onHandedOver = mail.data.onHandedOver;
    if (onHandedOver)
      mail.message.processFunc((input) => {
        input.once("end", onHandedOver);
        return input;
      });
    return send(mail, callback);
  };
  return transporter;
}

/**
 * Real delivery through an SMTP server (`smtp://user:pass@host:587`, `smtps://...`), over a pool
 * of connections kept open (a new TLS session and login per email capped a send at ~40/s).
 * Connecting and the greeting end after `timeoutMs` each, and the envelope with them after twice
 * that: such a stall fails the attempt (retried later, nothing was delivered). Once the message
 * is handed over whole, its reply is awaited `dataReplyTimeoutMs` (RFC 5321's 10 minutes: a
 * server may take that long to commit it); without one the send fails with {@link NoFinalReply}.
 * A stalled send closes only its own connection (nodemailer's abort signal): the others go on.
 * With a `bounceAddress`, each email's envelope sender is its own return path there (VERP), so a
 * report mailed back names the email it is about.
 */
export function smtpTransport(
  smtpUrl: string,
  {
    timeoutMs = 20_000,
    dataReplyTimeoutMs = 10 * 60_000,
    dkim,
    pool = { connections: 5, messagesPerConnection: 100 },
    bounceAddress,
  }: {
    timeoutMs?: number;
    dataReplyTimeoutMs?: number;
    dkim?: DkimSigning;
    pool?: SmtpPool;
    bounceAddress?: string;
  } = {},
): MailTransport {
  const transporter = lazyTransporter(
    {
      url: smtpUrl,
      pool: true,
      maxConnections: Math.max(pool.connections, pool.maxConnections ?? pool.connections),
      maxMessages: pool.messagesPerConnection,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      // The socket's own silence timer is only a backstop: the send's clock below ends each
      // wait first, the wait for the final reply being the longest.
      socketTimeout: dataReplyTimeoutMs + timeoutMs,
      dkim: dkimOptions(dkim),
    },
    watchHandOver,
  );
  const options = mailOptionsBuilder();
  const gate = elasticSendGate({
    base: pool.connections,
    ceiling: pool.maxConnections ?? pool.connections,
  });
  /** The sends awaiting their final reply: each shortens its wait to `timeoutMs` when asked. */
  const awaitingReply = new Set<() => void>();
  return {
    description: `SMTP ${new URL(smtpUrl).host}`,
    async send(message) {
      const sender = await transporter.get();
      const mail = await options(message);
      if (bounceAddress) {
        mail.envelope = { from: returnPathFor(bounceAddress, message.id), to: [message.to] };
      }
      await gate.run(async () => {
        if (message.stillWanted && !(await message.stillWanted())) throw new Withdrawn();
        const abort = new AbortController();
        let handedOver = false;
        let timer = setTimeout(() => abort.abort(), 2 * timeoutMs);
        let waitUntil = Infinity;
        const shorten = () => {
          if (waitUntil - Date.now() <= timeoutMs) return;
          clearTimeout(timer);
          timer = setTimeout(() => abort.abort(), timeoutMs);
        };
        const onHandedOver = () => {
          handedOver = true;
          clearTimeout(timer);
          waitUntil = Date.now() + dataReplyTimeoutMs;
          timer = setTimeout(() => abort.abort(), dataReplyTimeoutMs);
          awaitingReply.add(shorten);
        };
        try {
          await sender.sendMail({ ...mail, signal: abort.signal, onHandedOver } as SendMailOptions);
        } catch (error) {
          if (handedOver && abort.signal.aborted) throw new NoFinalReply(dataReplyTimeoutMs);
          if (abort.signal.aborted) throw new Error(`Timeout: no reply in ${2 * timeoutMs} ms`);
          throw error;
        } finally {
          clearTimeout(timer);
          awaitingReply.delete(shorten);
        }
      });
    },
    hurryFinalReplies() {
      for (const shorten of awaitingReply) shorten();
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
      if (message.stillWanted && !(await message.stillWanted())) throw new Withdrawn();
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
  smtpDataReplyTimeoutMs,
  pool,
  mailDir,
  dkim,
  bounceAddress,
}: {
  smtpUrl?: string;
  bounceAddress?: string;
  smtpTimeoutMs?: number;
  smtpDataReplyTimeoutMs?: number;
  pool?: SmtpPool;
  mailDir: string;
  dkim?: DkimSigning;
}) {
  return smtpUrl
    ? smtpTransport(smtpUrl, {
        timeoutMs: smtpTimeoutMs,
        dataReplyTimeoutMs: smtpDataReplyTimeoutMs,
        dkim,
        pool,
        bounceAddress,
      })
    : mailDirTransport(mailDir, dkim);
}
