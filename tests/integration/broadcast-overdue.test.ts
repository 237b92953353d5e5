import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { broadcastOutboxHooks } from "~/.server/broadcasts/broadcast-outbox-hooks";
import { saveBroadcastDraft } from "~/.server/broadcasts/broadcast-drafts";
import { rescheduleOverdue, sendOverdueNow } from "~/.server/broadcasts/broadcast-overdue";
import { broadcastReport } from "~/.server/broadcasts/broadcast-report";
import { withRenderedBodies } from "~/.server/mail";
import {
  cancelBroadcast,
  runBroadcastQueue,
  sendBroadcast,
} from "~/.server/broadcasts/broadcast-sending";
import { parseConfig } from "~/.server/core/config";
import { smtpTransport } from "~/.server/mail/mail-transport";
import { startOutboxWorker } from "~/.server/mail/outbox-worker";
import { seedReaders } from "../../support/broadcast-audience";
import { ManualClock } from "../../support/manual-clock";
import { SmtpSink } from "../../support/smtp-sink";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

// Issue 21 point 3: a scheduled broadcast is sent on time or the owner is asked.
const config = parseConfig({
  SITE_URL: "https://presence.example",
  MAIL_FROM: "Presence Selling <no-reply@presence.example>",
  NEWSLETTER_LINK_SECRET: "a-test-secret-of-enough-length",
  MAIL_POSTAL_ADDRESS: "Presence Selling LLC, 1942 Broadway Suite 314, Boulder, CO 80302, USA",
  OWNER_EMAIL: "owner@presence.example",
  BROADCAST_LATE_GRACE_MINUTES: "15",
});
const owner = "owner@presence.example";
const minute = 60_000;

for (const dialect of allDialects) {
  describe(`overdue scheduled broadcasts on ${dialect}`, () => {
    let database: TestDatabase;
    let sink: SmtpSink;
    let clock: ManualClock;
    let woken = 0;
    const deps = () => ({
      db: database.db,
      clock,
      config,
      outbox: { wake: () => {} },
      broadcastQueue: { wake: () => void woken++ },
    });

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(() => database.dispose());
    beforeEach(async () => {
      clock = new ManualClock();
      woken = 0;
      sink = await new SmtpSink().start();
      for (const table of [
        "outbox_attempts",
        "outbox_emails",
        "broadcast_deliveries",
        "broadcasts",
        "list_memberships",
        "people",
        "admin_audit_log",
      ] as const) {
        await database.db.deleteFrom(table).execute();
      }
      await seedReaders(database.db, [
        { email: "reader-a@example.com" },
        { email: "reader-b@example.com" },
      ]);
    });
    afterEach(() => sink.stop());

    /** A broadcast scheduled an hour from the test clock's start. */
    async function scheduled() {
      const saved = await saveBroadcastDraft(deps(), {
        actor: owner,
        input: {
          subject: "Monday's webinar",
          previewText: "Join us",
          bodyMarkdown: "See you on Monday.",
          list: "newsletter",
          interests: [],
        },
      });
      if (saved.outcome !== "saved") throw new Error("draft refused");
      const at = new Date(clock.now().getTime() + 60 * minute);
      expect(await sendBroadcast(deps(), { id: saved.id, actor: owner, scheduledAt: at })).toBe(
        "scheduled",
      );
      return { id: saved.id, at };
    }

    async function broadcastRow(id: string) {
      return database.db
        .selectFrom("broadcasts")
        .select(["status", "scheduled_at"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
    }

    // The worker renders a stored email when it sends; the test renders it the same way.
    const ownerEmails = async () =>
      Promise.all(
        (
          await database.db
            .selectFrom("outbox_emails")
            .select(["to_address", "subject", "text_body", "template", "template_data"])
            .where("purpose", "=", "broadcast.overdue")
            .execute()
        ).map(withRenderedBodies),
      );

    const deliveries = async (id: string) =>
      (
        await database.db
          .selectFrom("broadcast_deliveries")
          .select("id")
          .where("broadcast_id", "=", id)
          .execute()
      ).length;

    async function drain() {
      const worker = startOutboxWorker({
        db: database.db,
        transport: smtpTransport(sink.url),
        clock,
        pollIntervalMs: 3_600_000,
        batchSize: 50,
        hooks: broadcastOutboxHooks({ db: database.db, config }),
      });
      await worker.stop();
      while ((await worker.runOnce()) > 0);
    }

    it("goes out when found within the grace, and the report gives the real start, not the scheduled time", async () => {
      const { id, at } = await scheduled();
      // The site was down and came back 14 minutes after the scheduled time.
      clock.advance(60 * minute + 14 * minute);
      expect(await runBroadcastQueue(deps())).toBe(2);
      expect(await ownerEmails()).toEqual([]);
      await drain();
      await runBroadcastQueue(deps());
      const report = await broadcastReport(database.db, id);
      expect(report).toMatchObject({ sent: 2, startedAt: clock.now().toISOString() });
      expect(report.startedAt).not.toBe(at.toISOString());
      expect(report.finishedAt).toBe(clock.now().toISOString());
    });

    it("holds a broadcast found past the grace, emails the owner once, and sends it only when asked", async () => {
      const { id } = await scheduled();
      clock.advance(60 * minute + 16 * minute);
      expect(await runBroadcastQueue(deps())).toBe(0);
      // A second round (or a second instance) neither queues it nor writes to the owner again.
      expect(await runBroadcastQueue(deps())).toBe(0);
      expect(await broadcastRow(id)).toMatchObject({ status: "overdue" });
      expect(await deliveries(id)).toBe(0);
      const emails = await ownerEmails();
      expect(emails).toHaveLength(1);
      expect(emails[0]).toMatchObject({
        to_address: owner,
        subject: "Broadcast held: it is overdue: Monday's webinar",
      });
      expect(emails[0]!.text_body).toContain("16 minutes later, past the 15-minute grace");
      expect(emails[0]!.text_body).toContain(`https://presence.example/admin/broadcasts/${id}`);

      clock.advance(3 * minute);
      expect(await sendOverdueNow(deps(), { id, actor: owner })).toBe("queued");
      expect(woken).toBe(1);
      expect(await sendOverdueNow(deps(), { id, actor: owner })).toBe("not-overdue");
      expect(await runBroadcastQueue(deps())).toBe(2);
      await drain();
      await runBroadcastQueue(deps());
      expect(await broadcastReport(database.db, id)).toMatchObject({
        sent: 2,
        startedAt: clock.now().toISOString(),
      });
      const audit = await database.db
        .selectFrom("admin_audit_log")
        .select(["action", "actor_email"])
        .where("subject", "=", id)
        .where("action", "=", "broadcast.send-overdue")
        .execute();
      expect(audit).toEqual([{ action: "broadcast.send-overdue", actor_email: owner }]);
    });

    it("reschedules an overdue broadcast for a time to come, never the past, and it goes then", async () => {
      const { id } = await scheduled();
      clock.advance(3 * 60 * minute);
      await runBroadcastQueue(deps());
      expect(await broadcastRow(id)).toMatchObject({ status: "overdue" });
      const past = new Date(clock.now().getTime() - minute);
      expect(await rescheduleOverdue(deps(), { id, actor: owner, scheduledAt: past })).toBe("past");
      const later = new Date(clock.now().getTime() + 30 * minute);
      expect(await rescheduleOverdue(deps(), { id, actor: owner, scheduledAt: later })).toBe(
        "scheduled",
      );
      expect(await broadcastRow(id)).toEqual({
        status: "scheduled",
        scheduled_at: later.toISOString(),
      });
      expect(await runBroadcastQueue(deps())).toBe(0);
      clock.advance(30 * minute);
      expect(await runBroadcastQueue(deps())).toBe(2);
      const audit = await database.db
        .selectFrom("admin_audit_log")
        .select(["action", "detail"])
        .where("subject", "=", id)
        .where("action", "=", "broadcast.reschedule")
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]!.detail).toContain(later.toISOString());
    });

    it("can be cancelled while overdue, and a cancelled or rescheduled one is not 'overdue' any more", async () => {
      const { id } = await scheduled();
      clock.advance(2 * 60 * minute);
      await runBroadcastQueue(deps());
      expect(await cancelBroadcast(deps(), { id, actor: owner })).toBe("cancelled");
      expect(await sendOverdueNow(deps(), { id, actor: owner })).toBe("not-overdue");
      const later = new Date(clock.now().getTime() + minute);
      expect(await rescheduleOverdue(deps(), { id, actor: owner, scheduledAt: later })).toBe(
        "not-overdue",
      );
      expect(await deliveries(id)).toBe(0);
    });
  });
}
