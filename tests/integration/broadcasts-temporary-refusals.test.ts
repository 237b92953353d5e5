import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { broadcastOutboxHooks } from "~/.server/broadcasts/broadcast-outbox-hooks";
import { pausedBroadcastNotices, resumeBroadcast } from "~/.server/broadcasts/broadcast-pauses";
import { saveBroadcastDraft } from "~/.server/broadcasts/broadcast-drafts";
import { broadcastReport } from "~/.server/broadcasts/broadcast-report";
import { broadcastReportRows } from "~/.server/broadcasts/broadcast-report-csv";
import {
  queueBroadcast,
  runBroadcastQueue,
  sendBroadcast,
} from "~/.server/broadcasts/broadcast-sending";
import { parseConfig } from "~/.server/core/config";
import { smtpTransport } from "~/.server/mail/mail-transport";
import { startOutboxWorker, type OutboxLogger } from "~/.server/mail/outbox-worker";
import { seedReaders } from "../../support/broadcast-audience";
import { ManualClock } from "../../support/manual-clock";
import { SmtpSink } from "../../support/smtp-sink";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const config = parseConfig({
  SITE_URL: "https://presence.example",
  MAIL_FROM: "Presence Selling <no-reply@presence.example>",
  NEWSLETTER_LINK_SECRET: "a-test-secret-of-enough-length",
  MAIL_POSTAL_ADDRESS: "Presence Selling LLC, 1942 Broadway Suite 314, Boulder, CO 80302, USA",
  OWNER_EMAIL: "owner@presence.example",
});

const owner = "owner@presence.example";
const hour = 3_600_000;

const readers = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => ({
    email: `${prefix}${String(index).padStart(5, "0")}@example.com`,
  }));

type LogLine = { level: string; fields: Record<string, unknown>; message: string };

for (const dialect of allDialects) {
  describe(`temporary refusals of a broadcast on ${dialect}`, () => {
    let database: TestDatabase;
    let sink: SmtpSink;
    let clock: ManualClock;
    let lines: LogLine[];
    const deps = () => ({
      db: database.db,
      clock,
      config,
      outbox: { wake: () => {} },
      broadcastQueue: { wake: () => {} },
    });
    const logger: OutboxLogger = {
      info: (fields, message) => lines.push({ level: "info", fields, message }),
      warn: (fields, message) => lines.push({ level: "warn", fields, message }),
      error: (fields, message) => lines.push({ level: "error", fields, message }),
    };

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(async () => {
      await database.dispose();
    });
    beforeEach(async () => {
      clock = new ManualClock();
      lines = [];
      sink = await new SmtpSink().start();
      for (const table of [
        "outbox_attempts",
        "outbox_emails",
        "broadcast_refusals",
        "broadcast_pause_events",
        "broadcast_deliveries",
        "broadcasts",
        "list_memberships",
        "people",
      ] as const) {
        await database.db.deleteFrom(table).execute();
      }
    });
    afterEach(async () => {
      await sink.stop();
    });

    /** Sends all that is due now, with a worker the test drives. */
    async function drain() {
      const sending = startOutboxWorker({
        db: database.db,
        transport: smtpTransport(sink.url),
        clock,
        pollIntervalMs: hour,
        batchSize: 50,
        hooks: broadcastOutboxHooks({ db: database.db, config }),
        pauseRefusalPercent: config.BROADCAST_PAUSE_REFUSAL_PERCENT,
        logger,
      });
      await sending.stop();
      while ((await sending.runOnce()) > 0);
    }

    async function sendAndQueue(subject: string) {
      const saved = await saveBroadcastDraft(deps(), {
        input: {
          subject,
          previewText: "",
          bodyMarkdown: "Hello reader.",
          list: "newsletter",
          interests: [],
        },
        actor: owner,
      });
      if (saved.outcome !== "saved") throw new Error("draft refused");
      expect(await sendBroadcast(deps(), { id: saved.id, actor: owner })).toBe("queued");
      await queueBroadcast(deps(), saved.id);
      return saved.id;
    }

    const statusOf = async (id: string) =>
      (
        await database.db
          .selectFrom("broadcasts")
          .select("status")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).status;
    const bouncedPeople = async () =>
      Number(
        (
          await database.db
            .selectFrom("people")
            .select((eb) => eb.fn.count<string | number>("bounced_at").as("count"))
            .executeTakeFirstOrThrow()
        ).count,
      );
    const pauses = (id: string) =>
      database.db
        .selectFrom("broadcast_pause_events")
        .selectAll()
        .where("broadcast_id", "=", id)
        .orderBy("paused_at")
        .execute();
    const readersReached = (prefix: string) =>
      sink.received
        .map((email) => email.envelopeTo[0]!)
        .filter((address) => address.startsWith(prefix));
    const toOwner = () => sink.received.filter((email) => email.envelopeTo[0] === owner);

    it("retries 452 4.3.1 on every second message and a 421 disconnect: each reader once, any pause resumes by itself", async () => {
      await seedReaders(database.db, readers("busy", 80));
      sink.refuseEveryNth = {
        every: 2,
        refusal: { code: 452, words: "4.3.1 Insufficient system storage" },
      };
      sink.disconnectNextRecipients = 1;
      const id = await sendAndQueue("Through a busy server");
      for (let round = 0; round < 40 && (await statusOf(id)) !== "sent"; round++) {
        await drain();
        await runBroadcastQueue(deps());
        clock.advance(hour);
      }
      expect(await statusOf(id)).toBe("sent");
      const reached = readersReached("busy");
      expect(reached).toHaveLength(80);
      expect(new Set(reached).size).toBe(80);
      expect(await bouncedPeople()).toBe(0);
      expect(await broadcastReport(database.db, id)).toMatchObject({
        sent: 80,
        failed: 0,
        bounced: 0,
        held: 0,
      });

      const history = await pauses(id);
      // Half the retries are refused again: past the 10% share, so it paused at least once.
      expect(history.length).toBeGreaterThan(0);
      // Every pause was for a temporary cause and ended by a probe, never by the owner.
      for (const pause of history) {
        expect(pause).toMatchObject({ cause: "temporary", ended_by: "probe" });
        expect(pause.ended_at).not.toBeNull();
      }
      await drain();
      const subjects = toOwner().map((email) => email.parsed.subject);
      expect(subjects.filter((subject) => subject?.startsWith("Broadcast paused"))).toHaveLength(
        history.length,
      );
      expect(subjects.filter((subject) => subject?.startsWith("Broadcast resumed"))).toHaveLength(
        history.length,
      );

      const refusals = await database.db
        .selectFrom("broadcast_refusals")
        .select(["code", "outcome", "refusal_class"])
        .where("broadcast_id", "=", id)
        .execute();
      const codes = new Set(refusals.map((refusal) => refusal.code));
      expect(codes).toContain("452 4.3.1");
      expect(codes).toContain("421 4.4.2");
      expect(refusals.every((refusal) => refusal.outcome !== "bounced")).toBe(true);
      expect(refusals.filter((refusal) => refusal.outcome === "retried").length).toBeGreaterThan(0);

      // The report keeps all of it after the broadcast ended, and so does its CSV.
      const report = await broadcastReport(database.db, id);
      expect(report).toMatchObject({ deferred: 0, held: 0 });
      expect(report.pauses).toHaveLength(history.length);
      expect(report.pauses[0]).toMatchObject({ cause: "temporary", endedBy: "probe" });
      expect(report.retries).toBe(
        refusals.filter((refusal) => refusal.outcome === "retried").length,
      );
      expect(report.refusals.reduce((sum, refusal) => sum + refusal.count, 0)).toBe(
        refusals.length,
      );
      expect(report.refusals).toContainEqual(
        expect.objectContaining({ refusalClass: "provider", code: "452 4.3.1" }),
      );
      const rows = broadcastReportRows(report);
      expect(rows.filter((row) => row.section === "pause")).toHaveLength(history.length);
      expect(rows).toContainEqual(
        expect.objectContaining({ section: "pause", name: "temporary", ended_by: "probe" }),
      );
      expect(rows).toContainEqual(
        expect.objectContaining({ section: "refusal", detail: "452 4.3.1" }),
      );
      expect(rows).toContainEqual(
        expect.objectContaining({ section: "figure", name: "retries", count: report.retries }),
      );
    });

    it("pauses in a storm of 421 on every email, tells the owner, and resumes by itself once a probe is accepted", async () => {
      await seedReaders(database.db, readers("storm", 30));
      sink.refuseEveryRecipient = { code: 421, words: "4.3.2 System not accepting messages" };
      const id = await sendAndQueue("Into a storm");
      await drain();
      expect(await statusOf(id)).toBe("paused");
      expect(await pauses(id)).toMatchObject([
        { cause: "temporary", refusal_code: "421 4.3.2", ended_at: null },
      ]);
      expect(await pausedBroadcastNotices(database.db)).toMatchObject([
        { id, subject: "Into a storm", cause: "temporary" },
      ]);

      // The storm lasts hours: probes are refused, the broadcast stays paused, nobody is marked.
      for (let round = 0; round < 4; round++) {
        clock.advance(hour);
        await runBroadcastQueue(deps());
        await drain();
        expect(await statusOf(id)).toBe("paused");
      }
      expect((await pauses(id))[0]!.probes).toBeGreaterThanOrEqual(1);
      expect(await bouncedPeople()).toBe(0);
      expect(readersReached("storm")).toEqual([]);

      sink.refuseEveryRecipient = undefined;
      for (let round = 0; round < 10 && (await statusOf(id)) !== "sent"; round++) {
        clock.advance(hour);
        await runBroadcastQueue(deps());
        await drain();
      }
      expect(await statusOf(id)).toBe("sent");
      expect(new Set(readersReached("storm")).size).toBe(30);
      expect(readersReached("storm")).toHaveLength(30);
      expect(await pauses(id)).toMatchObject([
        { cause: "temporary", ended_by: "probe", refusal_code: "421 4.3.2" },
      ]);
      expect(await pausedBroadcastNotices(database.db)).toEqual([]);
      await drain();
      expect(toOwner().map((email) => email.parsed.subject)).toEqual([
        "Broadcast paused: Into a storm",
        "Broadcast resumed: Into a storm",
      ]);
      const report = await broadcastReport(database.db, id);
      expect(report).toMatchObject({ sent: 30, held: 0, bounced: 0, failed: 0 });
      expect(report.pauses).toMatchObject([{ cause: "temporary", endedBy: "probe" }]);
    });

    it("retries a few 452s and a 421 disconnect without pausing at all", async () => {
      await seedReaders(database.db, readers("few", 30));
      sink.refuseEveryNth = {
        every: 10,
        refusal: { code: 452, words: "4.3.1 Insufficient system storage" },
      };
      sink.disconnectNextRecipients = 1;
      const id = await sendAndQueue("Through a few refusals");
      await drain();
      expect(await statusOf(id)).toBe("sending");
      expect((await broadcastReport(database.db, id)).deferred).toBeGreaterThan(0);
      sink.refuseEveryNth = undefined;
      clock.advance(hour);
      await drain();
      await runBroadcastQueue(deps());
      expect(await statusOf(id)).toBe("sent");
      expect(await pauses(id)).toEqual([]);
      expect(new Set(readersReached("few")).size).toBe(30);
      expect(readersReached("few")).toHaveLength(30);
      expect(toOwner()).toEqual([]);
    });

    it("pauses on a 5.7.1 block and marks nobody; no probe resumes it; the owner's email gets through once the block lifts", async () => {
      await seedReaders(database.db, readers("blocked", 30));
      sink.refuseEveryRecipient = { code: 550, words: "5.7.1 Message refused by policy" };
      const id = await sendAndQueue("Into a block");
      await drain();
      expect(await statusOf(id)).toBe("paused");
      expect(await bouncedPeople()).toBe(0);
      expect(await pauses(id)).toMatchObject([
        { cause: "block", refusal_class: "provider", refusal_code: "550 5.7.1", ended_at: null },
      ]);
      expect(await pausedBroadcastNotices(database.db)).toMatchObject([
        { id, subject: "Into a block", cause: "block" },
      ]);
      const paused = lines.find((line) => line.message === "outbox: bulk batch paused");
      expect(paused).toMatchObject({
        level: "warn",
        fields: { refusalClass: "provider", cause: "block", code: 550, status: "5.7.1" },
      });
      expect(JSON.stringify(paused)).not.toContain("@");

      // Hours later, still blocked: no probe, still paused; the owner's email is retried, not given up.
      for (let round = 0; round < 5; round++) {
        clock.advance(hour);
        await runBroadcastQueue(deps());
        await drain();
      }
      expect(await statusOf(id)).toBe("paused");
      expect((await pauses(id))[0]!.probes).toBe(0);
      const ownerEmail = await database.db
        .selectFrom("outbox_emails")
        .select(["status"])
        .where("purpose", "=", "broadcast.paused")
        .executeTakeFirstOrThrow();
      expect(ownerEmail.status).toBe("pending");

      sink.refuseEveryRecipient = undefined;
      clock.advance(hour);
      await drain();
      expect(toOwner().map((email) => email.parsed.subject)).toEqual([
        "Broadcast paused: Into a block",
      ]);
      expect(await resumeBroadcast(deps(), { id, actor: owner })).toBe("resumed");
      await drain();
      await runBroadcastQueue(deps());
      expect(await statusOf(id)).toBe("sent");
      expect(new Set(readersReached("blocked")).size).toBe(30);
      expect(readersReached("blocked")).toHaveLength(30);
      expect(await pauses(id)).toMatchObject([{ cause: "block", ended_by: owner }]);
      expect(await pausedBroadcastNotices(database.db)).toEqual([]);
      const report = await broadcastReport(database.db, id);
      expect(report).toMatchObject({ sent: 30, held: 0, bounced: 0 });
      expect(report.pauses).toMatchObject([
        { cause: "block", refusalCode: "550 5.7.1", endedBy: owner },
      ]);
      expect(report.refusals).toEqual([
        { refusalClass: "provider", code: "550 5.7.1", count: expect.any(Number) },
      ]);
    });
  });
}
