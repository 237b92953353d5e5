import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { systemClock } from "~/.server/core/clock";
import { createDatabase } from "~/.server/core/db/database";
import { smtpTransport } from "~/.server/mail/mail-transport";
import { enqueueEmail, requeueFailedEmails, type OutgoingEmail } from "~/.server/mail/outbox";
import { startOutboxWorker, type OutboxWorker } from "~/.server/mail/outbox-worker";
import { markBounced } from "~/.server/audience/people/bounces";
import { ManualClock } from "../../support/manual-clock";
import { SmtpSink } from "../../support/smtp-sink";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

function email(index: number): OutgoingEmail {
  return {
    purpose: "test.outbox",
    to: `visitor${index}@example.com`,
    from: "Presence Selling <no-reply@presenceselling.com>",
    replyTo: "someone@example.com",
    subject: `Message ${index}`,
    text: `Body ${index}`,
    headers: { "X-Test-Index": String(index) },
  };
}

type LogFields = Record<string, string | number | boolean | undefined>;

/** Keeps each line as the JSON the process logger would write (pino: fields, then `msg`). */
function recordingLogger() {
  const lines: { level: string; message: string; fields: LogFields; json: string }[] = [];
  const record = (level: string) => (fields: LogFields, message: string) =>
    lines.push({
      level,
      message,
      fields,
      json: JSON.stringify({ level, ...fields, msg: message }),
    });
  return { lines, info: record("info"), warn: record("warn"), error: record("error") };
}

for (const dialect of allDialects) {
  describe(`outbox on ${dialect}`, () => {
    let database: TestDatabase;
    let sink: SmtpSink;
    const clock = new ManualClock();

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

    /** A worker driven by the test through runOnce(): its own polling is stopped at once. */
    async function worker(options: Partial<Parameters<typeof startOutboxWorker>[0]> = {}) {
      const started = startOutboxWorker({
        db: database.db,
        transport: smtpTransport(sink.url),
        clock,
        pollIntervalMs: 3_600_000,
        retryBaseMs: 1_000,
        logger: recordingLogger(),
        hooks: {
          addressRefused: (trx, { email, failure, now }) =>
            markBounced(trx, { address: email.to_address, reason: failure.words, now }),
        },
        ...options,
      });
      await started.stop();
      return started;
    }

    async function enqueue(count: number) {
      await database.db.transaction().execute(async (trx) => {
        for (let index = 0; index < count; index++) {
          await enqueueEmail(trx, email(index), { now: clock.now() });
        }
      });
    }

    it("delivers a queued email once, with its headers, and records the attempt", async () => {
      await enqueue(1);
      const outbox = await worker();
      await outbox.runOnce();
      expect(await outbox.runOnce()).toBe(0);

      const [received] = await sink.waitFor(1);
      expect(sink.received).toHaveLength(1);
      expect(received!.envelopeTo).toEqual(["visitor0@example.com"]);
      expect(received!.parsed.subject).toBe("Message 0");
      expect(received!.parsed.replyTo?.[0]?.address).toBe("someone@example.com");
      expect(received!.header("x-test-index")).toBe("0");

      const row = await database.db
        .selectFrom("outbox_emails")
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: "sent", attempts: 1, locked_by: null });
      expect(received!.parsed.messageId).toBe(`<${row.id}@presenceselling.com>`);
      const attempts = await database.db.selectFrom("outbox_attempts").selectAll().execute();
      expect(attempts).toMatchObject([{ email_id: row.id, attempt: 1, outcome: "sent" }]);
    });

    it("keeps emails while the SMTP server is down and delivers each exactly once when it is back", async () => {
      await sink.stop();
      await enqueue(3);
      const outbox = await worker();

      expect(await outbox.runOnce()).toBe(3);
      const waiting = await database.db.selectFrom("outbox_emails").selectAll().execute();
      expect(waiting.map((row) => row.status)).toEqual(["pending", "pending", "pending"]);
      expect(waiting.every((row) => row.last_error)).toBe(true);
      // Not due again before the backoff has passed.
      expect(await outbox.runOnce()).toBe(0);

      clock.advance(1_000);
      expect(await outbox.runOnce()).toBe(3);
      const retried = await database.db
        .selectFrom("outbox_emails")
        .select("next_attempt_at")
        .execute();
      // Second failure: the wait doubled to 2 s.
      expect(retried[0]!.next_attempt_at).toBe(
        new Date(clock.now().getTime() + 2_000).toISOString(),
      );

      await sink.start();
      clock.advance(2_000);
      expect(await outbox.runOnce()).toBe(3);
      clock.advance(60_000);
      expect(await outbox.runOnce()).toBe(0);

      await sink.waitFor(3);
      const subjects = sink.received.map((received) => received.parsed.subject).sort();
      expect(subjects).toEqual(["Message 0", "Message 1", "Message 2"]);
      const rows = await database.db.selectFrom("outbox_emails").selectAll().execute();
      expect(rows.every((row) => row.status === "sent" && row.attempts === 3)).toBe(true);
      const attempts = await database.db
        .selectFrom("outbox_attempts")
        .select(["outcome"])
        .orderBy("attempt")
        .execute();
      expect(attempts.filter((attempt) => attempt.outcome === "failed")).toHaveLength(6);
      expect(attempts.filter((attempt) => attempt.outcome === "sent")).toHaveLength(3);
    });

    it("gives up loudly after the last attempt and keeps the email; an outage marks nobody bounced", async () => {
      await sink.stop();
      const seen = clock.now().toISOString();
      await database.db
        .insertInto("people")
        .values({
          id: "person-visitor0",
          email: "Visitor0@example.com",
          email_key: "visitor0@example.com",
          first_name: null,
          last_name: null,
          source: "/signup",
          first_seen_at: seen,
          last_seen_at: seen,
          bounced_at: null,
          bounce_reason: null,
        })
        .execute();
      await enqueue(1);
      const logger = recordingLogger();
      const outbox = await worker({ maxAttempts: 2, logger });
      await outbox.runOnce();
      clock.advance(1_000);
      await outbox.runOnce();
      clock.advance(3_600_000);
      expect(await outbox.runOnce()).toBe(0);

      const row = await database.db
        .selectFrom("outbox_emails")
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: "failed", attempts: 2 });
      expect(row.last_error).toBeTruthy();
      const gaveUp = logger.lines.filter((line) => line.level === "error");
      expect(gaveUp).toHaveLength(1);
      expect(gaveUp[0]!.message).toContain("OUTBOX GAVE UP");
      expect(gaveUp[0]!.fields).toMatchObject({ emailId: row.id, attempt: 2 });
      // The mail server was unreachable: not the reader's fault, so lists keep mailing them (only a
      // permanent refusal of the address marks a bounce).
      const person = await database.db
        .selectFrom("people")
        .select("bounced_at")
        .where("id", "=", "person-visitor0")
        .executeTakeFirstOrThrow();
      expect(person.bounced_at).toBeNull();
    });

    it("survives a restart: an email claimed by a worker that died is sent after its lease", async () => {
      await enqueue(1);
      await database.db
        .updateTable("outbox_emails")
        .set({
          status: "sending",
          attempts: 1,
          locked_by: "dead-worker",
          locked_until: new Date(clock.now().getTime() + 120_000).toISOString(),
        })
        .execute();
      const outbox = await worker();
      expect(await outbox.runOnce()).toBe(0);
      clock.advance(120_001);
      expect(await outbox.runOnce()).toBe(1);
      await sink.waitFor(1);
      const row = await database.db
        .selectFrom("outbox_emails")
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: "sent", attempts: 2 });
    });

    it("two app instances on one database never send the same email twice", async () => {
      const total = 60;
      await enqueue(total);
      // A second instance: its own connection (pool) to the same database.
      const other = await createDatabase(database.url);
      try {
        const first = await worker({ batchSize: 5, workerId: "instance-a" });
        const second = await worker({ db: other.db, batchSize: 5, workerId: "instance-b" });
        const drain = async (outbox: OutboxWorker) => {
          while ((await outbox.runOnce()) > 0);
        };
        await Promise.all([drain(first), drain(second), drain(first), drain(second)]);
      } finally {
        await other.destroy();
      }
      await sink.waitFor(total);
      const ids = sink.received.map((received) => received.parsed.messageId);
      expect(new Set(ids).size).toBe(total);
      expect(ids).toHaveLength(total);
      const attempts = await database.db
        .selectFrom("outbox_attempts")
        .select("worker_id")
        .execute();
      expect(attempts).toHaveLength(total);
      const rows = await database.db.selectFrom("outbox_emails").select("status").execute();
      expect(rows.every((row) => row.status === "sent")).toBe(true);
    });

    async function waitForStalledMessages(count: number) {
      const deadline = Date.now() + 10_000;
      while (sink.stalledMessages < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} stalled messages`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    it("renews the lease of an email in hand: a send outlasting the lease is not taken over", async () => {
      await enqueue(1);
      sink.stall();
      // Real time here: the send (up to 2 s on a stalled server) outlasts the 400 ms lease.
      const holder = await worker({
        clock: systemClock,
        leaseMs: 400,
        transport: smtpTransport(sink.url, { timeoutMs: 2_000, dataReplyTimeoutMs: 2_000 }),
        workerId: "holder",
      });
      const other = await worker({ clock: systemClock, leaseMs: 400, workerId: "other" });
      let holderDone = false;
      const holding = holder.runOnce().finally(() => (holderDone = true));
      await waitForStalledMessages(1);
      const claimedByOther: number[] = [];
      while (!holderDone) {
        claimedByOther.push(await other.runOnce());
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await holding;
      expect(claimedByOther.length).toBeGreaterThan(10);
      expect(claimedByOther.every((count) => count === 0)).toBe(true);
      expect(sink.stalledMessages).toBe(1);
      const attempts = await database.db.selectFrom("outbox_attempts").selectAll().execute();
      expect(attempts).toMatchObject([{ worker_id: "holder", outcome: "failed" }]);
      // The server took the whole message and never answered: it may have gone out.
      expect(attempts[0]!.error).toMatch(/no reply to the end of the message/i);
    });

    it("stop() resolves once the email in hand is finished", async () => {
      await enqueue(1);
      sink.stall();
      const running = startOutboxWorker({
        db: database.db,
        transport: smtpTransport(sink.url, { timeoutMs: 500, dataReplyTimeoutMs: 500 }),
        clock,
        pollIntervalMs: 3_600_000,
        logger: recordingLogger(),
      });
      await waitForStalledMessages(1);
      await running.stop();
      const row = await database.db
        .selectFrom("outbox_emails")
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: "uncertain", attempts: 1, locked_by: null });
      expect(await database.db.selectFrom("outbox_attempts").selectAll().execute()).toHaveLength(1);
    });

    it("stop() waits a final reply the ordinary SMTP wait, not 10 minutes, then marks it uncertain", async () => {
      await enqueue(1);
      sink.stall();
      const running = startOutboxWorker({
        db: database.db,
        // The default wait for a final reply: 10 minutes, past this test's own timeout.
        transport: smtpTransport(sink.url, { timeoutMs: 500 }),
        clock,
        pollIntervalMs: 3_600_000,
        logger: recordingLogger(),
      });
      await waitForStalledMessages(1);
      await running.stop();
      const row = await database.db
        .selectFrom("outbox_emails")
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: "uncertain", attempts: 1, locked_by: null });
    });

    it("requeues emails it gave up on, with fresh attempts, and sends them", async () => {
      await enqueue(2);
      await database.db
        .updateTable("outbox_emails")
        .set({ status: "failed", attempts: 8, last_error: "SMTP down" })
        .execute();
      const outbox = await worker();
      expect(await outbox.runOnce()).toBe(0);
      const [first] = await database.db.selectFrom("outbox_emails").select("id").execute();
      expect(
        await requeueFailedEmails(database.db, { ids: [first!.id], now: clock.now() }),
      ).toEqual([first!.id]);
      expect(await outbox.runOnce()).toBe(1);
      expect(await requeueFailedEmails(database.db, { now: clock.now() })).toHaveLength(1);
      expect(await outbox.runOnce()).toBe(1);
      await sink.waitFor(2);
      const rows = await database.db.selectFrom("outbox_emails").selectAll().execute();
      expect(rows.map((row) => [row.status, row.attempts])).toEqual([
        ["sent", 1],
        ["sent", 1],
      ]);
    });

    it("logs a retried attempt as the fields an operator reads, in one short line without an address", async () => {
      await enqueue(1);
      sink.deferFirstRecipients = 1;
      const logger = recordingLogger();
      const outbox = await worker({ logger });
      await outbox.runOnce();
      const [line] = logger.lines;
      expect(logger.lines).toHaveLength(1);
      expect(line).toMatchObject({ level: "warn", message: "outbox: attempt failed, will retry" });
      const row = await database.db
        .selectFrom("outbox_emails")
        .select("id")
        .executeTakeFirstOrThrow();
      expect(line!.fields).toEqual({
        emailId: row.id,
        purpose: "test.outbox",
        attempt: 1,
        maxAttempts: 8,
        kind: "transient",
        code: 450,
        status: "4.2.0",
        reply: "450 4.2.0 Mailbox busy, try again later",
      });
      expect(line!.json).not.toContain("@");
      expect(line!.json.length).toBeLessThan(400);
    });

    it("holds transactional mail, without spending its attempts, while the server refuses everything", async () => {
      await enqueue(4);
      sink.refuseEveryRecipient = { code: 550, words: "5.7.1 Sending refused: account suspended" };
      const outbox = await worker({ maxAttempts: 3 });
      await outbox.runOnce();
      for (let round = 0; round < 8; round++) {
        clock.advance(60_000);
        // One email at a time finds out whether the server accepts again.
        expect(await outbox.runOnce()).toBe(1);
      }
      const waiting = await database.db
        .selectFrom("outbox_emails")
        .select(["status", "attempts"])
        .execute();
      expect(waiting.every((row) => row.status === "pending" && row.attempts < 3)).toBe(true);

      sink.refuseEveryRecipient = undefined;
      clock.advance(60_000);
      expect(await outbox.runOnce()).toBe(1);
      clock.advance(3_600_000);
      expect(await outbox.runOnce()).toBe(3);
      await sink.waitFor(4);
      const sent = await database.db.selectFrom("outbox_emails").select("status").execute();
      expect(sent.every((row) => row.status === "sent")).toBe(true);
    });

    it("waits for a final reply that never comes without holding the others, then marks the email uncertain, never resent", async () => {
      await enqueue(3);
      sink.silentAfterTaking.add("visitor0@example.com");
      const outbox = await worker({
        transport: smtpTransport(sink.url, {
          timeoutMs: 1_000,
          dataReplyTimeoutMs: 6_000,
          pool: { connections: 2, messagesPerConnection: 100 },
        }),
      });
      const round = outbox.runOnce();
      // The others are sent and recorded while the first one's reply is still awaited.
      const statuses = async () =>
        (
          await database.db
            .selectFrom("outbox_emails")
            .select("status")
            .orderBy("to_address")
            .execute()
        ).map((row) => row.status);
      while ((await statuses()).filter((status) => status === "sent").length < 2)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await statuses()).toEqual(["sending", "sent", "sent"]);
      await round;
      const [stalled] = await database.db
        .selectFrom("outbox_emails")
        .selectAll()
        .where("to_address", "=", "visitor0@example.com")
        .execute();
      expect(stalled).toMatchObject({ status: "uncertain", attempts: 1, locked_by: null });
      expect(stalled!.uncertain_at).not.toBeNull();
      expect(stalled!.last_error).toMatch(/may have gone out/);
      // Never sent again on its own: a day of rounds later the reader still has one copy.
      for (let day = 0; day < 3; day++) {
        clock.advance(8 * 3_600_000);
        expect(await outbox.runOnce()).toBe(0);
      }
      const copies = sink.received.filter((received) =>
        received.envelopeTo.includes("visitor0@example.com"),
      );
      expect(copies).toHaveLength(1);
      expect(sink.received).toHaveLength(3);
    });

    it("sends other due emails while one SMTP session hangs", async () => {
      await enqueue(4);
      sink.hangingRecipients.add("visitor0@example.com");
      const running = startOutboxWorker({
        db: database.db,
        // The default timeout: a hung session is only given up on after 20 s.
        transport: smtpTransport(sink.url, {
          pool: { connections: 2, messagesPerConnection: 100 },
        }),
        clock: systemClock,
        pollIntervalMs: 50,
        concurrency: 4,
      });
      try {
        await sink.waitFor(3);
        expect(sink.received.map((email) => email.envelopeTo[0]).sort()).toEqual([
          "visitor1@example.com",
          "visitor2@example.com",
          "visitor3@example.com",
        ]);
        const hung = await database.db
          .selectFrom("outbox_emails")
          .select("status")
          .where("to_address", "=", "visitor0@example.com")
          .executeTakeFirstOrThrow();
        // Still in hand: the three went out while its session hung, not after it timed out.
        expect(hung.status).toBe("sending");
        expect(sink.stalledMessages).toBe(1);
      } finally {
        // Closing the server ends the hung session, so stop() does not wait out the timeout.
        await sink.stop();
        await running.stop();
      }
    });
  });
}
