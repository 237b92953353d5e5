import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { saveBroadcastDraft } from "~/.server/broadcasts/broadcast-drafts";
import { sendBroadcastTest } from "~/.server/broadcasts/broadcast-sending";
import { parseConfig } from "~/.server/core/config";
import { smtpTransport } from "~/.server/mail/mail-transport";
import { startOutboxWorker } from "~/.server/mail/outbox-worker";
import { ManualClock } from "../../support/manual-clock";
import { SmtpSink } from "../../support/smtp-sink";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const config = parseConfig({
  SITE_URL: "https://presence.example",
  MAIL_FROM: "Presence Selling <no-reply@presence.example>",
  NEWSLETTER_LINK_SECRET: "a-test-secret-of-enough-length",
  MAIL_POSTAL_ADDRESS: "Presence Selling LLC, 1942 Broadway Suite 314, Boulder, CO 80302, USA",
  MAIL_REPLY_TO: "author@presence.example",
  OWNER_EMAIL: "owner@presence.example",
});

const letter = {
  subject: "Presence at the close",
  previewText: "Three breaths before the ask",
  bodyMarkdown: [
    "Hello **reader**, a [short article](https://presence.example/articles/close) for you.",
    "[Read the chapter](https://presence.example/book){button}",
    "<script>alert(1)</script>",
  ].join("\n\n"),
  list: "newsletter",
  interests: [] as string[],
};

const testUnsubscribeUrl = "https://presence.example/newsletter/unsubscribe/test-email";

for (const dialect of allDialects) {
  describe(`the console's "send a test" on ${dialect}`, () => {
    let database: TestDatabase;
    let sink: SmtpSink;
    const deps = () => ({
      db: database.db,
      clock: new ManualClock(),
      config,
      outbox: { wake: () => {} },
    });

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(async () => {
      await database.dispose();
    });
    beforeEach(async () => {
      sink = await new SmtpSink().start();
      for (const table of ["outbox_attempts", "outbox_emails", "broadcasts"] as const)
        await database.db.deleteFrom(table).execute();
    });
    afterEach(async () => {
      await sink.stop();
    });

    it("queues a draft as the test template and its data, and the worker draws the letter when it sends", async () => {
      const saved = await saveBroadcastDraft(deps(), {
        input: letter,
        actor: "owner@presence.example",
      });
      if (saved.outcome !== "saved") throw new Error(`draft refused: ${JSON.stringify(saved)}`);

      expect(
        await sendBroadcastTest(deps(), {
          id: saved.id,
          to: "owner@presence.example",
          actor: "owner@presence.example",
        }),
      ).toBe("sent");

      // Nothing rendered in the request: the row holds the template's name and data.
      const queued = await database.db.selectFrom("outbox_emails").selectAll().execute();
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({
        purpose: "broadcast.test",
        template: "broadcast-test",
        subject: `[Test] ${letter.subject}`,
        text_body: "",
        html_body: null,
      });
      expect(JSON.parse(queued[0]!.template_data!)).toMatchObject({
        subject: letter.subject,
        unsubscribeUrl: testUnsubscribeUrl,
      });

      const worker = startOutboxWorker({
        db: database.db,
        transport: smtpTransport(sink.url),
        clock: new ManualClock(),
        pollIntervalMs: 3_600_000,
      });
      await worker.stop();
      expect(await worker.runOnce()).toBe(1);

      expect(sink.received).toHaveLength(1);
      const email = sink.received[0]!;
      expect(email.envelopeTo).toEqual(["owner@presence.example"]);
      expect(email.parsed.subject).toBe(`[Test] ${letter.subject}`);
      expect(email.parsed.html).toContain('href="https://presence.example/articles/close"');
      expect(email.parsed.html).toContain('href="https://presence.example/book"');
      expect(email.parsed.html).not.toContain("<script>");
      expect(email.parsed.text).toContain(`Unsubscribe <${testUnsubscribeUrl}>`);
      expect(email.parsed.text).toContain(config.MAIL_POSTAL_ADDRESS);
      expect(email.header("list-unsubscribe")).toContain(testUnsubscribeUrl);
    });

    it("answers not-found for a broadcast that does not exist, and queues nothing", async () => {
      expect(
        await sendBroadcastTest(deps(), {
          id: "no-such-broadcast",
          to: "owner@presence.example",
          actor: "owner@presence.example",
        }),
      ).toBe("not-found");
      expect(await database.db.selectFrom("outbox_emails").selectAll().execute()).toEqual([]);
    });
  });
}
