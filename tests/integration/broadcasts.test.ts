import { withRenderedBodies } from "~/.server/mail";
import { spawn } from "node:child_process";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { countRecipients } from "~/.server/broadcasts/audience";
import { deliveryUnsubscribeToken } from "~/.server/broadcasts/broadcast-content";
import { broadcastOutboxHooks } from "~/.server/broadcasts/broadcast-outbox-hooks";
import { resumeBroadcast } from "~/.server/broadcasts/broadcast-pauses";
import { saveBroadcastDraft } from "~/.server/broadcasts/broadcast-drafts";
import { broadcastReport } from "~/.server/broadcasts/broadcast-report";
import {
  cancelBroadcast,
  queueBroadcast,
  resendUncertain,
  dismissUncertain as dismissUncertainBroadcastEmails,
  runBroadcastQueue,
  sendBroadcast,
} from "~/.server/broadcasts/broadcast-sending";
import {
  broadcastUnsubscribePage,
  unsubscribeFromBroadcast,
} from "~/.server/broadcasts/broadcast-unsubscribe";
import { parseConfig } from "~/.server/core/config";
import { createDatabase, type Db } from "~/.server/core/db/database";
import { smtpTransport } from "~/.server/mail/mail-transport";
import { enqueueEmail } from "~/.server/mail/outbox";
import { startOutboxWorker } from "~/.server/mail/outbox-worker";
import { seedReaders, type SeededReader } from "../../support/broadcast-audience";
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
    "# Presence at the close",
    "Hello **reader**, a [short article](https://presence.example/articles/close) for you.",
    "![A quiet room](https://presence.example/images/room.jpg)",
    "> Slow is smooth.",
    "- Breathe\n- Listen",
    "[Read the chapter](https://presence.example/book){button}",
    "<script>alert(1)</script>",
  ].join("\n\n"),
  list: "newsletter",
  interests: [] as string[],
};

const readers = (prefix: string, count: number, extra: Partial<SeededReader> = {}) =>
  Array.from({ length: count }, (_, index) => ({
    email: `${prefix}${String(index).padStart(5, "0")}@example.com`,
    ...extra,
  }));

for (const dialect of allDialects) {
  describe(`broadcasts on ${dialect}`, () => {
    let database: TestDatabase;
    let sink: SmtpSink;
    let clock: ManualClock;
    const deps = () => ({
      db: database.db,
      clock,
      config,
      outbox: { wake: () => {} },
      broadcastQueue: { wake: () => {} },
    });

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(async () => {
      await database.dispose();
    });
    beforeEach(async () => {
      clock = new ManualClock();
      sink = await new SmtpSink().start();
      const { db } = database;
      for (const table of [
        "outbox_attempts",
        "outbox_emails",
        "broadcast_deliveries",
        "broadcasts",
        "list_memberships",
        "people",
        "rate_limit_windows",
        "rate_limit_buckets",
      ] as const) {
        await db.deleteFrom(table).execute();
      }
    });
    afterEach(async () => {
      await sink.stop();
    });

    /** A worker the test drives with runOnce(); its own polling is stopped at once. */
    async function worker(db: Db = database.db, ratePerMinute = 0, pauseRefusalPercent = 10) {
      const started = startOutboxWorker({
        db,
        transport: smtpTransport(sink.url),
        clock,
        pollIntervalMs: 3_600_000,
        batchSize: 50,
        hooks: broadcastOutboxHooks({ db, config }),
        bulkRatePerMinute: ratePerMinute,
        pauseRefusalPercent,
      });
      await started.stop();
      return started;
    }

    async function drain(db: Db = database.db, pauseRefusalPercent = 10) {
      const sending = await worker(db, 0, pauseRefusalPercent);
      while ((await sending.runOnce()) > 0);
    }

    /** queueBroadcast in a process of its own (another instance, or one to kill). */
    function queueInChild(id: string, batchSize: number) {
      const child = spawn(
        process.execPath,
        [
          "--import",
          "tsx",
          "support/queue-broadcast-child.ts",
          database.url,
          id,
          String(batchSize),
        ],
        { stdio: ["ignore", "ignore", "pipe"] },
      );
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
      return { process: child, exited, stderr: () => stderr };
    }

    async function waitForDeliveries(
      id: string,
      atLeast: number,
      child: ReturnType<typeof queueInChild>,
    ) {
      // Until the child has queued some, or has ended without (then it failed): not a deadline,
      // since a child that compiles with tsx on a loaded machine took more than 30 s to start.
      let ended = false;
      void child.exited.then(() => (ended = true));
      for (;;) {
        const endedBefore = ended;
        if ((await count("broadcast_deliveries", id)) >= atLeast) return;
        if (endedBefore) throw new Error(`the child never queued: ${child.stderr()}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }

    async function draft(input: Partial<typeof letter> = {}) {
      const saved = await saveBroadcastDraft(deps(), {
        input: { ...letter, ...input },
        actor: "owner@presence.example",
      });
      if (saved.outcome !== "saved") throw new Error(`draft refused: ${JSON.stringify(saved)}`);
      return saved.id;
    }

    async function sendAndQueue(input: Partial<typeof letter> = {}) {
      const id = await draft(input);
      expect(await sendBroadcast(deps(), { id, actor: "owner@presence.example" })).toBe("queued");
      await queueBroadcast(deps(), id);
      return id;
    }

    const count = async (table: "broadcast_deliveries" | "outbox_emails", broadcastId: string) =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string | number>().as("count"))
            .where("broadcast_id", "=", broadcastId)
            .executeTakeFirstOrThrow()
        ).count,
      );

    it("counts and reaches confirmed subscribers, narrowed to interests, or the waitlist", async () => {
      await seedReaders(database.db, [
        { email: "book@example.com", interests: ["book"] },
        { email: "training@example.com", interests: ["training"] },
        { email: "both@example.com", interests: ["book", "insights"] },
        { email: "pending@example.com", interests: ["book"], status: "pending" },
        { email: "left@example.com", interests: ["book"], status: "unsubscribed" },
        { email: "waiting@example.com", waitlist: true },
      ]);
      const audience = (list: "newsletter" | "waitlist", interests: string[] = []) =>
        countRecipients(database.db, { list, interests } as never);
      expect(await audience("newsletter")).toBe(4);
      expect(await audience("newsletter", ["book"])).toBe(2);
      expect(await audience("newsletter", ["book", "training"])).toBe(3);
      expect(await audience("waitlist")).toBe(1);

      await sendAndQueue({ interests: ["book"] });
      await drain();
      expect(sink.received.map((email) => email.envelopeTo[0]).sort()).toEqual([
        "book@example.com",
        "both@example.com",
      ]);
    });

    it("every email carries its own unsubscribe link, the RFC 8058 headers, the postal address, a Reply-To and a text part", async () => {
      await seedReaders(database.db, readers("reader", 3));
      await sendAndQueue();
      await drain();
      const received = await sink.waitFor(3);
      const links = new Set<string>();
      for (const email of received) {
        expect(email.parsed.subject).toBe(letter.subject);
        const header = email.header("list-unsubscribe")!;
        const url = /^<(https:\/\/presence\.example\/newsletter\/unsubscribe\/[^>]+)>$/.exec(
          header,
        )?.[1];
        expect(url, header).toBeDefined();
        links.add(url!);
        expect(email.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
        expect(email.parsed.html).toContain(`href="${url}"`);
        expect(email.parsed.text).toContain(`Unsubscribe <${url}>`);
        expect(email.header("reply-to")).toBe("author@presence.example");
        for (const part of [email.parsed.html!, email.parsed.text!]) {
          expect(part).toContain("1942 Broadway Suite 314, Boulder, CO 80302, USA");
          expect(part).toContain("https://presence.example/book");
          expect(part).toContain("https://presence.example/articles/close");
        }
        expect(email.parsed.html).toContain('src="https://presence.example/images/room.jpg"');
        expect(email.parsed.html).not.toContain("<script");
        expect(email.parsed.text).toContain("<script>alert(1)</script>");
        const token = new URL(url!).pathname.split("/").at(-1)!;
        expect(await broadcastUnsubscribePage(deps(), token)).toEqual({
          leaves: "The newsletter",
          otherLists: [],
        });
      }
      expect(links.size).toBe(3);
    });

    it("queues each reader once on a double click and with two instances, and two workers send each once", async () => {
      const total = 1_000;
      await seedReaders(database.db, readers("twice", total));
      const id = await draft();
      const clicks = await Promise.all([
        sendBroadcast(deps(), { id, actor: "owner@presence.example" }),
        sendBroadcast(deps(), { id, actor: "owner@presence.example" }),
      ]);
      expect(clicks.sort()).toEqual(["not-draft", "queued"]);
      // The other instance is another process, queueing the same broadcast at the same time.
      const other = queueInChild(id, 10);
      await waitForDeliveries(id, 1, other);
      await queueBroadcast(deps(), id, { batchSize: 7 });
      expect(await other.exited).toBe(0);
      expect(await count("broadcast_deliveries", id)).toBe(total);
      expect(await count("outbox_emails", id)).toBe(total);

      // The child queued on the system clock: the workers' clock moves past it.
      clock = new ManualClock(new Date(Date.now() + 60_000).toISOString());
      const second = await createDatabase(database.url);
      try {
        await Promise.all([drain(database.db), drain(second.db)]);
      } finally {
        await second.destroy();
      }
      const recipients = sink.received.map((email) => email.envelopeTo[0]);
      expect(recipients).toHaveLength(total);
      expect(new Set(recipients).size).toBe(total);
      await runBroadcastQueue(deps());
      const broadcast = await database.db
        .selectFrom("broadcasts")
        .select("status")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(broadcast.status).toBe("sent");
      // Waits only on the work (a child's first rows, the drains): the limit is for a hang. Its
      // 1,000 emails took 80-91 s at load 20 beside other runs, past the 90 s it had.
    }, 300_000);

    it("does not send to a reader who unsubscribed after queueing; the report counts it", async () => {
      await seedReaders(database.db, readers("late", 3));
      const id = await sendAndQueue();
      const leaving = await database.db
        .selectFrom("broadcast_deliveries")
        .innerJoin("people", "people.id", "broadcast_deliveries.person_id")
        .select(["broadcast_deliveries.id"])
        .where("people.email", "=", "late00001@example.com")
        .executeTakeFirstOrThrow();
      const left = await unsubscribeFromBroadcast(deps(), {
        token: deliveryUnsubscribeToken(config, leaving.id),
      });
      expect(left).toEqual({ outcome: "left", page: { leaves: "The newsletter", otherLists: [] } });
      await drain();
      expect(sink.received.map((email) => email.envelopeTo[0]).sort()).toEqual([
        "late00000@example.com",
        "late00002@example.com",
      ]);
      await runBroadcastQueue(deps());
      expect(await broadcastReport(database.db, id)).toEqual({
        queued: 3,
        sent: 2,
        pending: 0,
        deferred: 0,
        held: 0,
        bounced: 0,
        failed: 0,
        uncertain: 0,
        skipped: 1,
        unsubscribedSince: 1,
        startedAt: clock.now().toISOString(),
        finishedAt: clock.now().toISOString(),
        pauses: [],
        refusals: [],
        retries: 0,
        uncertainEmails: [],
        afterDelivery: {
          delivered: 2,
          hardBounces: 0,
          softBounces: 0,
          complaints: 0,
          hardBounceRate: 0,
          softBounceRate: 0,
          complaintRate: 0,
        },
      });
    });

    it("leaves the interest a narrowed broadcast went to and keeps the reader on the others", async () => {
      await seedReaders(database.db, [
        { email: "many@example.com", interests: ["book", "training"], waitlist: true },
      ]);
      const id = await sendAndQueue({ interests: ["book"] });
      const delivery = await database.db
        .selectFrom("broadcast_deliveries")
        .select("id")
        .where("broadcast_id", "=", id)
        .executeTakeFirstOrThrow();
      const token = deliveryUnsubscribeToken(config, delivery.id);
      expect(await unsubscribeFromBroadcast(deps(), { token })).toEqual({
        outcome: "left",
        page: {
          leaves: "Book updates and exclusive content",
          otherLists: ["Training programs and workshops", "The book's waitlist"],
        },
      });
      expect(await countRecipients(database.db, { list: "newsletter", interests: ["book"] })).toBe(
        0,
      );
      expect(await countRecipients(database.db, { list: "newsletter", interests: [] })).toBe(1);
      expect(await unsubscribeFromBroadcast(deps(), { token, everything: true })).toEqual({
        outcome: "left",
        page: { leaves: "Every list", otherLists: [] },
      });
    });

    it("resumes queueing after the queueing process is killed, without a duplicate or a gap", async () => {
      const total = 6_000;
      await seedReaders(database.db, readers("crash", total));
      const id = await draft();
      expect(await sendBroadcast(deps(), { id, actor: "owner@presence.example" })).toBe("queued");
      const child = queueInChild(id, 100);
      // Killed as soon as its first batches are committed.
      await waitForDeliveries(id, 300, child);
      child.process.kill("SIGKILL");
      expect(await child.exited).toBe(null);
      const queuedBeforeKill = await count("broadcast_deliveries", id);
      expect(queuedBeforeKill).toBeLessThan(total);
      // Each batch commits its deliveries and their emails together.
      expect(await count("outbox_emails", id)).toBe(queuedBeforeKill);

      await runBroadcastQueue(deps());
      expect(await count("broadcast_deliveries", id)).toBe(total);
      expect(await count("outbox_emails", id)).toBe(total);
      const distinct = await database.db
        .selectFrom("outbox_emails")
        .select((eb) => eb.fn.count<string | number>("to_address").distinct().as("count"))
        .where("broadcast_id", "=", id)
        .executeTakeFirstOrThrow();
      expect(Number(distinct.count)).toBe(total);
    }, 60_000);

    it("never sends more than BROADCAST_RATE_PER_MINUTE in any rolling minute, spaces them evenly, and lets transactional mail through", async () => {
      await seedReaders(database.db, readers("slow", 250));
      await sendAndQueue();
      clock = new ManualClock(clock.now().toISOString());
      const sending = await worker(database.db, 120);
      await database.db.transaction().execute((trx) =>
        enqueueEmail(
          trx,
          {
            purpose: "newsletter.confirmation",
            to: "new@example.com",
            from: config.MAIL_FROM,
            subject: "Please confirm",
            text: "Confirm",
          },
          { now: clock.now() },
        ),
      );
      const start = clock.now().getTime();
      // 90 seconds of a worker polling every quarter second.
      for (let step = 0; step < 360; step++) {
        await sending.runOnce();
        clock.advance(250);
      }
      const sent = await database.db
        .selectFrom("outbox_emails")
        .select(["sent_at", "broadcast_id"])
        .where("status", "=", "sent")
        .execute();
      expect(sent.find((email) => email.broadcast_id === null)?.sent_at).toBe(
        new Date(start).toISOString(),
      );
      const times = sent
        .filter((email) => email.broadcast_id !== null)
        .map((email) => new Date(email.sent_at!).getTime() - start)
        .sort((a, b) => a - b);
      for (const from of times) {
        const inMinute = times.filter((time) => time >= from && time < from + 60_000).length;
        expect(inMinute).toBeLessThanOrEqual(120);
      }
      // A burst of one second's worth, then about one every half second: never 120 at once.
      expect(times.filter((time) => time < 10_000).length).toBeLessThanOrEqual(2 + 20);
      expect(times.length).toBeGreaterThanOrEqual(170);
      const gaps = times.slice(3).map((time, index) => time - times[index + 2]!);
      expect(Math.max(...gaps)).toBeLessThanOrEqual(750);
    }, 120_000);

    it("marks a reader whose address is refused for good as bounced, and the next broadcast skips them", async () => {
      await seedReaders(database.db, readers("bounce", 3));
      sink.refusedRecipients.add("bounce00001@example.com");
      const first = await sendAndQueue();
      await drain();
      expect(await broadcastReport(database.db, first)).toMatchObject({
        sent: 2,
        bounced: 1,
        failed: 0,
      });
      const person = await database.db
        .selectFrom("people")
        .select(["bounced_at", "bounce_reason"])
        .where("email", "=", "bounce00001@example.com")
        .executeTakeFirstOrThrow();
      expect(person.bounced_at).toBe(clock.now().toISOString());
      expect(person.bounce_reason).toContain("550");
      const failed = await database.db
        .selectFrom("outbox_emails")
        .select("attempts")
        .where("broadcast_id", "=", first)
        .where("status", "=", "failed")
        .executeTakeFirstOrThrow();
      expect(failed.attempts).toBe(1);

      const second = await sendAndQueue({ subject: "The next letter" });
      expect(await count("broadcast_deliveries", second)).toBe(2);
    });

    it("queues a scheduled broadcast once its time has come, not before", async () => {
      await seedReaders(database.db, readers("later", 2));
      const id = await draft();
      const past = new Date(clock.now().getTime() - 60_000);
      expect(
        await sendBroadcast(deps(), { id, actor: "owner@presence.example", scheduledAt: past }),
      ).toBe("past");
      const at = new Date(clock.now().getTime() + 3_600_000);
      expect(
        await sendBroadcast(deps(), { id, actor: "owner@presence.example", scheduledAt: at }),
      ).toBe("scheduled");
      expect(await runBroadcastQueue(deps())).toBe(0);
      expect(await count("broadcast_deliveries", id)).toBe(0);
      clock.advance(3_600_000);
      expect(await runBroadcastQueue(deps())).toBe(2);
      expect(await count("outbox_emails", id)).toBe(2);
    });

    it("cancels a broadcast while emails are pending: none of them goes out", async () => {
      await seedReaders(database.db, readers("stop", 4));
      const id = await sendAndQueue();
      expect(await cancelBroadcast(deps(), { id, actor: "owner@presence.example" })).toBe(
        "cancelled",
      );
      await drain();
      expect(sink.received).toHaveLength(0);
      expect(await broadcastReport(database.db, id)).toMatchObject({ queued: 4, skipped: 4 });
      expect(await cancelBroadcast(deps(), { id, actor: "owner@presence.example" })).toBe(
        "not-pending",
      );
    });

    const statusOf = async (id: string) =>
      database.db
        .selectFrom("broadcasts")
        .select(["status", "pause_reason", "started_at", "finished_at"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
    const bouncedPeople = async () =>
      Number(
        (
          await database.db
            .selectFrom("people")
            .select((eb) => eb.fn.count<string | number>("bounced_at").as("count"))
            .executeTakeFirstOrThrow()
        ).count,
      );

    it("pauses, marks nobody and tells the owner when the provider refuses every recipient (550 5.7.1); resumed, it sends each once", async () => {
      await seedReaders(database.db, readers("limit", 121));
      sink.refuseEveryRecipient = { code: 550, words: "5.7.1 sending limit exceeded" };
      const id = await sendAndQueue();
      await drain();

      expect(await statusOf(id)).toMatchObject({ status: "paused" });
      expect((await statusOf(id)).pause_reason).toContain("550 5.7.1 sending limit exceeded");
      expect(await bouncedPeople()).toBe(0);
      expect(await broadcastReport(database.db, id)).toMatchObject({
        queued: 121,
        sent: 0,
        bounced: 0,
        failed: 0,
        held: 121,
      });
      const told = await database.db
        .selectFrom("outbox_emails")
        .select(["to_address", "subject", "text_body", "template", "template_data"])
        .where("purpose", "=", "broadcast.paused")
        .execute()
        .then((rows) => Promise.all(rows.map(withRenderedBodies)));
      expect(told).toHaveLength(1);
      expect(told[0]!.to_address).toBe("owner@presence.example");
      expect(told[0]!.subject).toBe(`Broadcast paused: ${letter.subject}`);
      expect(told[0]!.text_body).toContain(`https://presence.example/admin/broadcasts/${id}`);

      sink.refuseEveryRecipient = undefined;
      const resume = () => resumeBroadcast(deps(), { id, actor: "owner@presence.example" });
      expect(await resume()).toBe("resumed");
      expect(await resume()).toBe("not-paused");
      clock.advance(60_000);
      await drain();
      const readersReached = sink.received
        .map((email) => email.envelopeTo[0]!)
        .filter((address) => address.startsWith("limit"));
      expect(readersReached).toHaveLength(121);
      expect(new Set(readersReached).size).toBe(121);
      expect(
        sink.received.filter((email) => email.envelopeTo[0] === config.OWNER_EMAIL),
      ).toHaveLength(1);
      await runBroadcastQueue(deps());
      expect(await statusOf(id)).toMatchObject({ status: "sent", pause_reason: null });
      expect(await broadcastReport(database.db, id)).toMatchObject({ sent: 121, held: 0 });
    });

    it("retries a 450 without pausing, bounces a lone 550 5.1.1, and pauses on a burst of 5.1.1 past the owner's share", async () => {
      await seedReaders(database.db, readers("mixed", 60));
      sink.deferFirstRecipients = 3;
      sink.refusedRecipients.add("mixed00007@example.com");
      const id = await sendAndQueue();
      await drain();
      expect(await broadcastReport(database.db, id)).toMatchObject({
        sent: 56,
        deferred: 3,
        bounced: 1,
      });
      expect(await statusOf(id)).toMatchObject({ status: "sending" });
      clock.advance(3_600_000);
      await drain();
      expect(await broadcastReport(database.db, id)).toMatchObject({ sent: 59, deferred: 0 });
      expect(await bouncedPeople()).toBe(1);

      // A provider that calls every mailbox unknown: the breaker stops it after a few. The letter
      // goes to the new readers alone (by interest): sends to others in between would widen the
      // breaker's window, and how many go first depends on the claim's order.
      await seedReaders(database.db, readers("unknown", 40, { interests: ["training"] }));
      for (let index = 0; index < 40; index++)
        sink.refusedRecipients.add(`unknown${String(index).padStart(5, "0")}@example.com`);
      const burst = await sendAndQueue({ subject: "To the new ones", interests: ["training"] });
      await drain(database.db, 5);
      expect(await statusOf(burst)).toMatchObject({ status: "paused" });
      expect((await statusOf(burst)).pause_reason).toMatch(/^A burst of refusals: more than 5%/);
      // Only refusals within 5% of the 50-send minimum (2) are marked before the breaker trips.
      expect(await bouncedPeople()).toBeLessThanOrEqual(1 + 2);
      expect((await broadcastReport(database.db, burst)).held).toBeGreaterThan(0);
    });

    it("refuses to send without a postal address", async () => {
      await seedReaders(database.db, readers("postal", 1));
      const id = await draft();
      const withoutAddress = { ...deps(), config: { ...config, MAIL_POSTAL_ADDRESS: undefined } };
      expect(await sendBroadcast(withoutAddress, { id, actor: "owner@presence.example" })).toBe(
        "no-postal-address",
      );
      expect(await statusOf(id)).toMatchObject({ status: "draft" });
    });

    /** A worker claimed one of the broadcast's emails and died before recording the outcome. */
    async function oneSenderDied(id: string) {
      const [claimed] = await database.db
        .updateTable("outbox_emails")
        .set({
          status: "sending",
          attempts: 1,
          locked_by: "dead-worker",
          locked_until: new Date(clock.now().getTime() + 60_000).toISOString(),
        })
        .where("id", "=", (eb) =>
          eb.selectFrom("outbox_emails").select("id").where("broadcast_id", "=", id).limit(1),
        )
        .returning("to_address")
        .execute();
      await drain();
      clock.advance(60_001);
      await drain();
      return claimed;
    }

    it("never sends twice an email whose sender died mid-send: it is counted as may not have gone out, and sent on the owner's word", async () => {
      await seedReaders(database.db, readers("inflight", 3));
      const id = await sendAndQueue();
      const claimed = await oneSenderDied(id);
      expect(sink.received.map((email) => email.envelopeTo[0])).not.toContain(claimed!.to_address);
      expect(await broadcastReport(database.db, id)).toMatchObject({ sent: 2, uncertain: 1 });
      await runBroadcastQueue(deps());
      expect(await statusOf(id)).toMatchObject({ status: "sent" });

      expect(await resendUncertain(deps(), { id, actor: "owner@presence.example" })).toBe(1);
      await drain();
      expect(sink.received.map((email) => email.envelopeTo[0])).toContain(claimed!.to_address);
      const report = await broadcastReport(database.db, id);
      expect(report).toMatchObject({ sent: 3, uncertain: 0 });
      // The list keeps who may not have gone out, and that they were sent again since.
      expect(report.uncertainEmails).toMatchObject([
        { address: claimed!.to_address, status: "sent" },
      ]);
    });

    it("dismisses a broadcast's uncertain emails on the owner's word: counted as sent, none resent", async () => {
      await seedReaders(database.db, readers("dismissed", 3));
      const id = await sendAndQueue();
      const claimed = await oneSenderDied(id);
      expect(await broadcastReport(database.db, id)).toMatchObject({ sent: 2, uncertain: 1 });
      const actor = "owner@presence.example";
      expect(await dismissUncertainBroadcastEmails(deps(), { id, actor })).toBe(1);
      expect(await dismissUncertainBroadcastEmails(deps(), { id, actor })).toBe(0);
      await drain();
      expect(sink.received.map((email) => email.envelopeTo[0])).not.toContain(claimed!.to_address);
      expect(await broadcastReport(database.db, id)).toMatchObject({ sent: 3, uncertain: 0 });
      const audit = await database.db
        .selectFrom("admin_audit_log")
        .select(["action", "subject"])
        .where("action", "=", "broadcast.dismiss-uncertain")
        .execute();
      expect(audit).toEqual([{ action: "broadcast.dismiss-uncertain", subject: id }]);
    });
  });
}
