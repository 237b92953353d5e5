import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { systemClock } from "~/.server/core/clock";
import { mailDirTransport, smtpTransport } from "~/.server/mail/mail-transport";
import { enqueueEmail } from "~/.server/mail/outbox";
import { startOutboxWorker } from "~/.server/mail/outbox-worker";
import { contactAcknowledgement } from "~/.server/leads/emails/contact-acknowledgement";
import { defineEmailTemplate } from "~/.server/mail/templates/email-template";
import { emailTemplateRegistry, emailTemplates } from "~/.server/mail/templates/template-registry";
import { Paragraph } from "~/.server/mail/templates/email-blocks";
import { EmailLayout } from "~/.server/mail/templates/email-layout";
import { createElement } from "react";
import { SmtpSink } from "../../support/smtp-sink";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

/** A small template that carries a calendar file, as a booking confirmation will. */
const withInvite = defineEmailTemplate({
  name: "test-invite",
  schema: z.object({ title: z.string(), starts: z.coerce.date() }),
  subject: (data) => `Invite: ${data.title}`,
  body: (data) =>
    createElement(EmailLayout, {
      preview: data.title,
      children: createElement(Paragraph, { text: `See you at ${data.starts.toISOString()}` }),
    }),
  attachments: (data) => [
    {
      filename: "invite.ics",
      contentType: "text/calendar; method=REQUEST",
      content: `BEGIN:VCALENDAR\r\nSUMMARY:${data.title}\r\nEND:VCALENDAR\r\n`,
    },
  ],
});
const templates = emailTemplateRegistry([...emailTemplates.values(), withInvite]);

const from = "Presence Selling <no-reply@presenceselling.com>";

for (const dialect of allDialects) {
  describe(`emails queued as a template and its data on ${dialect}`, () => {
    let database: TestDatabase;
    let sink: SmtpSink;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(async () => {
      await database.dispose();
    });
    beforeEach(async () => {
      sink = await new SmtpSink().start();
      await database.db.deleteFrom("outbox_emails").execute();
    });
    afterEach(async () => {
      await sink.stop();
    });

    async function sendAll(transport = smtpTransport(sink.url)) {
      const worker = startOutboxWorker({
        db: database.db,
        transport,
        clock: systemClock,
        pollIntervalMs: 3_600_000,
        templates,
      });
      await worker.stop();
      const tried = await worker.runOnce();
      transport.close();
      return tried;
    }

    const acknowledgement = () =>
      contactAcknowledgement(
        {
          firstName: "Ada",
          lastName: "Lovelace",
          email: "ada@example.com",
          company: undefined,
          interest: "Corporate Training",
          message: "Hello",
        },
        { contactEmail: "hello@presence.example", siteUrl: "https://presence.example" },
      );

    it("stores which email and its data, not a body, and the worker renders it when it sends", async () => {
      await enqueueEmail(database.db, {
        purpose: "contact.acknowledgement",
        to: "ada@example.com",
        from,
        ...acknowledgement(),
      });
      const [row] = await database.db.selectFrom("outbox_emails").selectAll().execute();
      expect(row).toMatchObject({
        template: "contact-acknowledgement",
        text_body: "",
        html_body: null,
        subject: "We received your message — Presence Selling",
      });
      expect(JSON.parse(row!.template_data!)).toMatchObject({ firstName: "Ada" });

      expect(await sendAll()).toBe(1);
      const [received] = await sink.waitFor(1);
      expect(received!.parsed.subject).toBe("We received your message — Presence Selling");
      expect(received!.parsed.text).toContain("Hi Ada,");
      expect(received!.parsed.html).toContain("Corporate Training");
      const sent = await database.db.selectFrom("outbox_emails").selectAll().execute();
      expect(sent.map((email) => email.status)).toEqual(["sent"]);
    });

    it("sends the files a template renders as attachments, over SMTP and into .eml files", async () => {
      await enqueueEmail(database.db, {
        purpose: "test.invite",
        to: "ada@example.com",
        from,
        ...withInvite.compose({
          title: "Breakthrough Hour",
          starts: new Date("2026-12-01T09:00Z"),
        }),
      });
      await sendAll();
      const [received] = await sink.waitFor(1);
      expect(received!.parsed.text).toContain("See you at 2026-12-01T09:00:00.000Z");
      expect(received!.parsed.attachments).toHaveLength(1);
      const [invite] = received!.parsed.attachments;
      expect(invite!.filename).toBe("invite.ics");
      expect(invite!.mimeType).toBe("text/calendar");
      const content =
        typeof invite!.content === "string"
          ? invite!.content
          : new TextDecoder().decode(invite!.content);
      expect(content).toContain("SUMMARY:Breakthrough Hour");

      await database.db.deleteFrom("outbox_emails").execute();
      const mailDir = await mkdtemp(path.join(tmpdir(), "outbox-templates-"));
      try {
        await enqueueEmail(database.db, {
          purpose: "test.invite",
          to: "ada@example.com",
          from,
          ...withInvite.compose({ title: "Intro call", starts: new Date("2026-12-02T09:00Z") }),
        });
        await sendAll(mailDirTransport(mailDir));
        const [file] = await readdir(mailDir);
        const eml = await readFile(path.join(mailDir, file!), "utf8");
        expect(eml).toContain("filename=invite.ics");
        expect(eml).toContain("Content-Type: text/calendar");
        expect(eml).toContain("See you at 2026-12-02T09:00:00.000Z");
      } finally {
        await rm(mailDir, { recursive: true, force: true });
      }
    });

    it("still sends an email queued before, with its rendered subject and bodies", async () => {
      const now = new Date().toISOString();
      await database.db
        .insertInto("outbox_emails")
        .values({
          id: "00000000-0000-4000-8000-000000000310",
          purpose: "contact.acknowledgement",
          to_address: "ada@example.com",
          from_address: from,
          reply_to: null,
          subject: "Rendered before the upgrade",
          text_body: "The old text body",
          html_body: "<p>The old HTML body</p>",
          headers: "{}",
          status: "pending",
          attempts: 0,
          next_attempt_at: now,
          created_at: now,
        })
        .execute();
      await sendAll();
      const [received] = await sink.waitFor(1);
      expect(received!.parsed.subject).toBe("Rendered before the upgrade");
      expect(received!.parsed.text).toContain("The old text body");
      expect(received!.parsed.html).toContain("<p>The old HTML body</p>");
    });

    it("fails, without retrying, an email whose data no template can draw", async () => {
      await enqueueEmail(database.db, {
        purpose: "test.broken",
        to: "ada@example.com",
        from,
        subject: "Broken",
        template: { name: "test-invite", data: { title: 42 } },
      });
      await enqueueEmail(database.db, {
        purpose: "test.unknown",
        to: "ada@example.com",
        from,
        subject: "Unknown",
        template: { name: "no-such-template", data: {} },
      });
      expect(await sendAll()).toBe(2);
      const rows = await database.db
        .selectFrom("outbox_emails")
        .select(["purpose", "status", "last_error"])
        .orderBy("purpose")
        .execute();
      expect(rows).toEqual([
        {
          purpose: "test.broken",
          status: "failed",
          last_error: expect.stringContaining('The data of "test-invite" does not fit'),
        },
        {
          purpose: "test.unknown",
          status: "failed",
          last_error: 'No email template is named "no-such-template"',
        },
      ]);
      expect(sink.received).toEqual([]);
    });
  });
}
