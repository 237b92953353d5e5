import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { ImapFlow } from "imapflow";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  bounceMailboxFromUrl,
  readBounceMailbox,
} from "~/.server/mail/bounce-mailbox/bounce-mailbox";
import type { DeliveryReport } from "~/.server/mail/bounce-mailbox/delivery-report";
import { smtpTransport } from "~/.server/mail/mail-transport";
import { startDovecot, type Dovecot } from "../../support/dovecot";
import { SmtpSink } from "../../support/smtp-sink";

const bounceAddress = "bounces@presenceselling.com";
const fixture = (name: string) =>
  readFileSync(`tests/fixtures/delivery-reports/${name}.eml`, "utf8");

describe("the bounce mailbox, read over IMAP from a real Dovecot", () => {
  let dovecot: Dovecot;
  let imap: ImapFlow;

  beforeAll(async () => {
    dovecot = await startDovecot();
    imap = await dovecot.connect();
  });
  afterAll(async () => {
    await imap?.logout();
    await dovecot?.stop();
  });
  beforeEach(async () => {
    await imap.mailboxOpen("INBOX");
    if (imap.mailbox && imap.mailbox.exists > 0) {
      await imap.messageDelete("1:*");
    }
    await imap.mailboxClose();
  });

  async function unread() {
    const lock = await imap.getMailboxLock("INBOX");
    try {
      // A NOOP first: this session hears of the reader's flag changes only when it asks.
      await imap.noop();
      return ((await imap.search({ seen: false })) || []).length;
    } finally {
      lock.release();
    }
  }

  const read = (record: (report: DeliveryReport) => Promise<void>) =>
    readBounceMailbox(bounceMailboxFromUrl(dovecot.url), {
      bounceAddress,
      now: () => new Date(),
      record,
    });

  it("hands each report to the recorder once and marks its message read", async () => {
    for (const name of ["postfix-hard-bounce", "arf-abuse", "auto-reply"]) {
      await imap.append("INBOX", fixture(name));
    }
    const recorded: DeliveryReport[] = [];
    const round = await read(async (report) => void recorded.push(report));
    expect(round).toEqual({ read: 3, reports: 2, more: false });
    expect(recorded.map((report) => [report.kind, report.outboxId])).toEqual([
      ["bounce", "3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c"],
      ["complaint", "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d"],
    ]);
    expect(await unread()).toBe(0);
    expect(await read(async (report) => void recorded.push(report))).toMatchObject({ read: 0 });
    expect(recorded).toHaveLength(2);
  });

  it("leaves a message unread when its report could not be recorded, and reads it again", async () => {
    await imap.append("INBOX", fixture("postfix-hard-bounce"));
    await expect(
      read(async () => {
        throw new Error("database away");
      }),
    ).rejects.toThrow("database away");
    expect(await unread()).toBe(1);
    const recorded: DeliveryReport[] = [];
    await read(async (report) => void recorded.push(report));
    expect(recorded).toHaveLength(1);
    expect(await unread()).toBe(0);
  });

  it("ties a bounce to the email it is about through the email's own return path", async () => {
    const sink = await new SmtpSink().start();
    try {
      const id = randomUUID();
      const transport = smtpTransport(sink.url, { bounceAddress });
      await transport.send({
        id,
        createdAt: new Date().toISOString(),
        to: "gone@example.org",
        from: "Presence Selling <hello@presenceselling.com>",
        subject: "Presence, not pressure",
        text: "The newsletter.",
        headers: {},
      });
      transport.close();
      const [sent] = sink.received;
      expect(sent!.envelopeFrom).toBe(`bounces+${id}@presenceselling.com`);
      // The receiving server's DSN goes to that return path, quoting no Message-ID of ours.
      const report = fixture("postfix-hard-bounce")
        .replaceAll("3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c", id)
        .replace(/^Message-ID: <[^@]+@presenceselling.com>\r\n/m, "");
      await imap.append("INBOX", report);
      const recorded: DeliveryReport[] = [];
      await read(async (found) => void recorded.push(found));
      expect(recorded).toEqual([
        expect.objectContaining({ kind: "bounce", bounce: "hard", outboxId: id }),
      ]);
    } finally {
      await sink.stop();
    }
  });
});
