import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { ImapFlow } from "imapflow";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "~/.server/core/config";
import { readBounceMailboxRound } from "~/.server/deliverability";
import { enqueueEmail } from "~/.server/mail";
import { startDovecot, type Dovecot } from "../../support/dovecot";
import { ManualClock } from "../../support/manual-clock";
import { seedPerson } from "../../support/seed-person";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const hardBounce = readFileSync("tests/fixtures/delivery-reports/postfix-hard-bounce.eml", "utf8");
const fixtureId = "3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c";

/** The fixture's DSN, about the email `outboxId`, with a report id of its own. */
function bounceOf(outboxId: string) {
  return hardBounce
    .replaceAll(fixtureId, outboxId)
    .replace("<20261207091244.5A1B2C3D4E@mx", `<${randomUUID()}@mx`);
}

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

for (const dialect of allDialects) {
  describe(`bounce mailbox reports recorded on ${dialect}`, () => {
    let database: TestDatabase;
    const clock = new ManualClock("2026-12-07T12:00:00.000Z");
    const config = () =>
      parseConfig({
        SITE_URL: "https://presence.example",
        BOUNCE_ADDRESS: "bounces@presenceselling.com",
        BOUNCE_MAILBOX_URL: dovecot.url,
      });
    const deps = () => ({ db: database.db, clock, config: config() });

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(async () => {
      await database.dispose();
    });
    beforeEach(async () => {
      for (const table of [
        "delivery_events",
        "admin_audit_log",
        "outbox_emails",
        "people",
      ] as const)
        await database.db.deleteFrom(table).execute();
      await imap.mailboxOpen("INBOX");
      if (imap.mailbox && imap.mailbox.exists > 0) await imap.messageDelete("1:*");
      await imap.mailboxClose();
    });

    async function sentTo(email: string) {
      await seedPerson(database.db, { email, now: clock.now() });
      return enqueueEmail(database.db, {
        purpose: "broadcast.test",
        to: email,
        from: "Presence Selling <hello@presenceselling.com>",
        subject: "Presence, not pressure",
        text: "The newsletter.",
      });
    }

    const bouncedAt = async (email: string) =>
      (
        await database.db
          .selectFrom("people")
          .select("bounced_at")
          .where("email_key", "=", email)
          .executeTakeFirstOrThrow()
      ).bounced_at;

    it("suppresses the address its email went to, once, with two instances reading at once", async () => {
      const id = await sentTo("gone@example.org");
      await imap.append("INBOX", bounceOf(id));
      const rounds = await Promise.all([
        readBounceMailboxRound(deps()),
        readBounceMailboxRound(deps()),
      ]);
      expect(rounds.reduce((sum, round) => sum + round.recorded, 0)).toBe(1);
      const events = await database.db.selectFrom("delivery_events").selectAll().execute();
      expect(events).toEqual([
        expect.objectContaining({
          provider: "imap",
          kind: "bounce",
          bounce: "hard",
          outbox_email_id: id,
          email_key: "gone@example.org",
        }),
      ]);
      expect(await bouncedAt("gone@example.org")).not.toBeNull();
    });

    it("changes nothing for a report that names no email the site sent", async () => {
      await sentTo("reader@example.org");
      // Someone mails the bounce address a DSN naming a real reader but an email never sent.
      await imap.append(
        "INBOX",
        bounceOf(randomUUID()).replaceAll("no.such.reader@example.org", "reader@example.org"),
      );
      const round = await readBounceMailboxRound(deps());
      expect(round).toMatchObject({ reports: 1, recorded: 0, "unknown-email": 1 });
      expect(await database.db.selectFrom("delivery_events").selectAll().execute()).toEqual([]);
      expect(await bouncedAt("reader@example.org")).toBeNull();
    });
  });
}
