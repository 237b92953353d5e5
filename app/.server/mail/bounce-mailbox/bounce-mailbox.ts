import { readDeliveryReports, type DeliveryReport } from "./delivery-report";

/** Where delivery reports are mailed: an IMAP mailbox (`BOUNCE_MAILBOX_URL`). */
export type BounceMailbox = {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
  mailbox: string;
};

/** `imaps://user:password@imap.example.com/INBOX` (or `imap://`, port 143, for a local server). */
export function bounceMailboxFromUrl(url: string): BounceMailbox {
  const parsed = new URL(url);
  const secure = parsed.protocol === "imaps:";
  if (!secure && parsed.protocol !== "imap:") {
    throw new Error("must be an imaps:// or imap:// URL");
  }
  if (!parsed.username) throw new Error("must name the mailbox's user");
  return {
    host: parsed.hostname,
    port: Number(parsed.port || (secure ? 993 : 143)),
    secure,
    user: decodeURIComponent(parsed.username),
    pass: decodeURIComponent(parsed.password),
    mailbox: decodeURIComponent(parsed.pathname.replace(/^\//, "")) || "INBOX",
  };
}

export type BounceMailboxRound = {
  /** Unread messages looked at this round. */
  read: number;
  /** Delivery reports found in them, each handed to `record`. */
  reports: number;
  /** More unread messages wait than one round takes. */
  more: boolean;
};

/**
 * One round over the bounce mailbox: each unread message's delivery reports are handed to
 * `record`, and only once all of them are recorded is the message marked read, so a crash
 * mid-way reads it again. Several instances may read at once: `record` is keyed by the report,
 * so a report read twice is recorded once. A message is read up to `maxBytes` (a report comes
 * first; the original it quotes, perhaps with a PDF attached, need not be read whole).
 */
export async function readBounceMailbox(
  mailbox: BounceMailbox,
  {
    bounceAddress,
    now,
    record,
    batch = 100,
    maxBytes = 2 * 1024 * 1024,
  }: {
    bounceAddress?: string;
    now: () => Date;
    record: (report: DeliveryReport) => Promise<void>;
    batch?: number;
    maxBytes?: number;
  },
): Promise<BounceMailboxRound> {
  const { ImapFlow } = await import("imapflow");
  const client = new ImapFlow({
    host: mailbox.host,
    port: mailbox.port,
    secure: mailbox.secure,
    auth: { user: mailbox.user, pass: mailbox.pass },
    logger: false,
    disableAutoIdle: true,
  });
  await client.connect();
  try {
    const lock = await client.getMailboxLock(mailbox.mailbox);
    try {
      const unread = (await client.search({ seen: false }, { uid: true })) || [];
      const round = unread.slice(0, batch);
      let reports = 0;
      for (const uid of round) {
        const message = await client.fetchOne(
          String(uid),
          { source: { maxLength: maxBytes } },
          { uid: true },
        );
        if (message && message.source) {
          const found = await readDeliveryReports(message.source, { bounceAddress, now: now() });
          for (const report of found) await record(report);
          reports += found.length;
        }
        await client.messageFlagsAdd(String(uid), ["\\Seen"], { uid: true });
      }
      return { read: round.length, reports, more: unread.length > round.length };
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}
