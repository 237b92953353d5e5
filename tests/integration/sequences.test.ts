import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/.server/core/db/schema";
import { parseConfig } from "~/.server/core/config";
import { emitPersonEvent } from "~/.server/core/person-events";
import { markBounced } from "~/.server/audience/people/bounces";
import { erasePerson } from "~/.server/audience/erasure/erasure";
import { guideReaderToken, recordGuideDownload } from "~/.server/audience/lists/guide-readers";
import { membershipLinks } from "~/.server/audience/lists/list-links";
import { confirmMembership, requestMembership } from "~/.server/audience/lists/list-memberships";
import {
  changeSequenceStatus,
  leaveSequence,
  personSequenceEmails,
  readLeaveLink,
  removeStep,
  resendUncertainStep,
  runSequencePass,
  saveSequence,
  saveStep,
  sequencePage,
  stepDueAt,
  uncertainEmailsByStep,
} from "~/.server/sequences";
import { dismissUncertain, sendUncertainEmailAgain } from "~/.server/admin";
import { migrations } from "~/.server/core/db/migrations";
import { sequenceCompletion, sequenceOutboxHooks } from "~/.server/sequences/sequence-outbox-hooks";
import { smtpTransport } from "~/.server/mail/mail-transport";
import { startOutboxWorker } from "~/.server/mail/outbox-worker";
import { migrateToLatest } from "~/.server/core/db/database";
import type { ListName } from "~/lib/lists";
import { ianaTimeZone } from "~/lib/time-zone-field";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";
import { seedPerson } from "../../support/seed-person";
import { sequenceSettings } from "../../support/sequence-settings";
import { SmtpSink } from "../../support/smtp-sink";

const config = parseConfig({
  SITE_URL: "https://presence.example",
  MAIL_FROM: "Presence Selling <no-reply@presence.example>",
  NEWSLETTER_LINK_SECRET: "a-test-secret-of-enough-length",
  MAIL_POSTAL_ADDRESS: "Presence Selling LLC, 1942 Broadway Suite 314, Boulder, CO 80302, USA",
  BOOKING_TIME_ZONE: "America/Denver",
});
const actor = "owner@presence.example";
const hour = 60 * 60_000;
const day = 24 * hour;

describe("the time zone a browser sends", () => {
  it("keeps IANA names and drops anything else", () => {
    expect(ianaTimeZone("America/Denver")).toBe("America/Denver");
    expect(ianaTimeZone("Australia/Lord_Howe")).toBe("Australia/Lord_Howe");
    expect(ianaTimeZone("UTC")).toBe("UTC");
    for (const bad of ["Mars/Olympus_Mons", "+05:00", "", "x".repeat(80), 42, undefined])
      expect(ianaTimeZone(bad)).toBeUndefined();
  });
});

describe("a step's time in the reader's morning", () => {
  it("keeps 9:00 in Denver across the spring change", () => {
    // Saturday 7 March 2026, 10:00 MST; Sunday 8 March clocks go forward at 2:00.
    const due = stepDueAt({
      lastDoneAt: new Date("2026-03-07T17:00:00Z"),
      delayDays: 1,
      sendHour: 9,
      timeZone: "America/Denver",
    });
    expect(due.toISOString()).toBe("2026-03-08T15:00:00.000Z"); // 9:00 MDT (UTC-6)
    const before = stepDueAt({
      lastDoneAt: new Date("2026-03-06T17:00:00Z"),
      delayDays: 1,
      sendHour: 9,
      timeZone: "America/Denver",
    });
    expect(before.toISOString()).toBe("2026-03-07T16:00:00.000Z"); // 9:00 MST (UTC-7)
  });

  it("keeps 9:00 on Lord Howe Island across its half-hour change", () => {
    // Clocks go from 2:00 to 2:30 on Sunday 4 October 2026 (+10:30 to +11).
    const onTheDay = stepDueAt({
      lastDoneAt: new Date("2026-10-03T00:00:00Z"),
      delayDays: 1,
      sendHour: 9,
      timeZone: "Australia/Lord_Howe",
    });
    expect(onTheDay.toISOString()).toBe("2026-10-03T22:00:00.000Z");
    const dayBefore = stepDueAt({
      lastDoneAt: new Date("2026-10-02T00:00:00Z"),
      delayDays: 1,
      sendHour: 9,
      timeZone: "Australia/Lord_Howe",
    });
    expect(dayBefore.toISOString()).toBe("2026-10-02T22:30:00.000Z");
  });

  it("sends a day-0 step at once", () => {
    const at = new Date("2026-03-07T17:00:00Z");
    expect(stepDueAt({ lastDoneAt: at, delayDays: 0, sendHour: 9, timeZone: "UTC" })).toEqual(at);
  });
});

for (const dialect of allDialects) {
  describe(`email sequences on ${dialect}`, () => {
    let database: TestDatabase;
    let clock: ManualClock;
    let woken = 0;
    const deps = () => ({
      db: database.db,
      clock,
      config,
      outbox: { wake: () => (woken += 1) },
    });

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(async () => {
      await database.dispose();
    });
    beforeEach(async () => {
      // Saturday 7 March 2026, 17:00 UTC: 10:00 in Denver, the day before the clocks change.
      clock = new ManualClock("2026-03-07T17:00:00.000Z");
      const { db } = database;
      for (const table of [
        "outbox_attempts",
        "outbox_emails",
        "sequence_sends",
        "sequence_enrollments",
        "sequence_steps",
        "sequences",
        "orders",
        "list_memberships",
        "admin_audit_log",
        "people",
      ] as const) {
        await db.deleteFrom(table).execute();
      }
    });

    const reader = (email: string, timeZone: string | null, list: ListName = "newsletter") =>
      seedPerson(database.db, { email, now: clock.now(), timeZone, lists: [list] });

    const confirm = (personId: string, list = "newsletter") =>
      database.db
        .transaction()
        .execute((trx) =>
          emitPersonEvent(trx, { kind: "list-confirmed", personId, list, now: clock.now() }),
        );

    /** Newsletter readers in UTC, each confirmed (which starts the newsletter's sequences). */
    async function confirmedReaders<Addresses extends string[]>(...addresses: Addresses) {
      const ids: string[] = [];
      for (const address of addresses) {
        ids.push(await reader(address, "UTC"));
        await confirm(ids.at(-1)!);
      }
      return ids as { [Index in keyof Addresses]: string };
    }

    /** Each reader's run of a sequence: its status by person. */
    const runStatuses = () =>
      database.db
        .selectFrom("sequence_enrollments")
        .select(["person_id", "status"])
        .execute()
        .then((rows) => new Map(rows.map((row) => [row.person_id, row.status])));

    async function sequence(
      steps: { subject: string; delayDays: number }[],
      settings: Partial<Record<string, string>> = {},
    ) {
      const saved = await saveSequence(deps(), {
        input: sequenceSettings({ ...settings }),
        actor,
      });
      if (saved.outcome !== "saved") throw new Error(JSON.stringify(saved));
      for (const step of steps) {
        const added = await saveStep(deps(), {
          sequenceId: saved.id,
          input: {
            subject: step.subject,
            bodyMarkdown: `# ${step.subject}\n\nHello, reader.`,
            delayDays: String(step.delayDays),
            position: "",
          },
          actor,
        });
        expect(added.outcome).toBe("saved");
      }
      expect(await changeSequenceStatus(deps(), { id: saved.id, change: "activate", actor })).toBe(
        "changed",
      );
      return saved.id;
    }

    /** The reader leaves the newsletter, as its unsubscribe link does, in the caller's transaction. */
    async function unsubscribe(trx: Kysely<Database>, personId: string) {
      await trx
        .updateTable("list_memberships")
        .set({ status: "unsubscribed" })
        .where("person_id", "=", personId)
        .execute();
      await emitPersonEvent(trx, {
        kind: "list-left",
        personId,
        list: "newsletter",
        now: clock.now(),
      });
    }

    const emails = () =>
      database.db
        .selectFrom("outbox_emails")
        .select(["id", "subject", "to_address", "status", "next_attempt_at", "broadcast_id"])
        .orderBy("created_at")
        .orderBy("subject")
        .execute();

    it("sends day 0 at the next pass, later steps at 9:00 in the reader's zone, never twice", async () => {
      await sequence([
        { subject: "Welcome", delayDays: 0 },
        { subject: "Day one", delayDays: 1 },
      ]);
      const denver = await reader("denver@example.com", "America/Denver");
      const lordHowe = await reader("howe@example.com", "Australia/Lord_Howe");
      const ownerZone = await reader("nozone@example.com", null);
      for (const id of [denver, lordHowe, ownerZone]) await confirm(id);
      // A second trigger for someone already in it does nothing.
      await confirm(denver);

      expect((await runSequencePass(deps())).queued).toBe(3);
      expect((await runSequencePass(deps())).queued).toBe(0);
      expect((await emails()).map((email) => email.subject)).toEqual([
        "Welcome",
        "Welcome",
        "Welcome",
      ]);

      const enrollments = await database.db
        .selectFrom("sequence_enrollments")
        .innerJoin("people", "people.id", "sequence_enrollments.person_id")
        .select(["people.email", "next_due_at"])
        .orderBy("people.email")
        .execute();
      expect(enrollments).toEqual([
        // Sunday 8 March, 9:00 MDT (after the change).
        { email: "denver@example.com", next_due_at: "2026-03-08T15:00:00.000Z" },
        // Lord Howe: it is already Sunday 8 March there (04:00 +11): Monday 9:00.
        { email: "howe@example.com", next_due_at: "2026-03-08T22:00:00.000Z" },
        // No zone given: the owner's (Denver).
        { email: "nozone@example.com", next_due_at: "2026-03-08T15:00:00.000Z" },
      ]);

      clock.advance(22 * hour - 1); // 14:59:59.999Z Sunday: not yet 9:00 in Denver.
      expect((await runSequencePass(deps())).queued).toBe(0);
      clock.advance(1);
      expect((await runSequencePass(deps())).queued).toBe(2);
      clock.advance(7 * hour);
      expect((await runSequencePass(deps())).queued).toBe(1);
      expect((await runSequencePass(deps())).queued).toBe(0);

      // The database refuses a second send of one step to one run.
      const send = await database.db
        .selectFrom("sequence_sends")
        .selectAll()
        .executeTakeFirstOrThrow();
      await expect(
        database.db
          .insertInto("sequence_sends")
          .values({ ...send, id: crypto.randomUUID() })
          .execute(),
      ).rejects.toThrow();

      // Finished: re-subscribing does not restart it.
      clock.advance(day);
      await runSequencePass(deps());
      await confirm(denver);
      expect((await runSequencePass(deps())).queued).toBe(0);
      const received = await personSequenceEmails(database.db, denver);
      expect(received.map((row) => row.subject).sort()).toEqual(["Day one", "Welcome"]);
    });

    it("completes each email in the letters' layout with one-click unsubscribe, and holds it while paused", async () => {
      const id = await sequence([{ subject: "Welcome", delayDays: 0 }]);
      const person = await reader("a@example.com", "Europe/Paris");
      await confirm(person);
      await runSequencePass(deps());
      const queued = await database.db.selectFrom("outbox_emails").selectAll().execute();
      expect(queued).toHaveLength(1);
      expect(queued[0]!.broadcast_id).toBe(id);
      const complete = sequenceCompletion(deps());
      const done = (await complete(queued)).get(queued[0]!.id)!;
      if (!("send" in done)) throw new Error(JSON.stringify(done));
      expect(done.send.headers["List-Unsubscribe"]).toMatch(
        /^<https:\/\/presence\.example\/lists\/newsletter\/unsubscribe\/[\w.-]+>$/,
      );
      expect(done.send.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(done.send.html).toContain("1942 Broadway Suite 314");
      expect(done.send.html).toContain("Hello, reader.");
      expect(done.send.text).not.toContain("SEQUENCE-UNSUBSCRIBE-TOKEN");

      expect(await changeSequenceStatus(deps(), { id, change: "pause", actor })).toBe("changed");
      expect((await emails())[0]!.status).toBe("held");
      const paused = await database.db.selectFrom("outbox_emails").selectAll().execute();
      expect((await complete(paused)).get(paused[0]!.id)).toEqual({ hold: "Sequence paused" });
      expect(await changeSequenceStatus(deps(), { id, change: "activate", actor })).toBe("changed");
      expect((await emails())[0]!.status).toBe("pending");
    });

    it("queues each step once when two instances' passes run at the same time", async () => {
      await sequence([{ subject: "Welcome", delayDays: 0 }]);
      for (let index = 0; index < 30; index += 1)
        await confirm(await reader(`twin${index}@example.com`, "UTC"));
      const [first, second] = await Promise.all([runSequencePass(deps()), runSequencePass(deps())]);
      expect(first.queued + second.queued).toBe(30);
      expect(await emails()).toHaveLength(30);
      expect(await database.db.selectFrom("sequence_sends").select("id").execute()).toHaveLength(
        30,
      );
    });

    it("checks a step the worker already claimed again just before it is sent", async () => {
      await sequence([{ subject: "Welcome", delayDays: 0 }]);
      const leaver = await reader("claimed@example.com", "UTC");
      await confirm(leaver);
      await runSequencePass(deps());
      // The worker has read (claimed) the email; the reader unsubscribes before it is completed.
      const claimed = await database.db.selectFrom("outbox_emails").selectAll().execute();
      await database.db.transaction().execute((trx) => unsubscribe(trx, leaver));
      expect(await sequenceCompletion(deps())(claimed)).toEqual(
        new Map([[claimed[0]!.id, { skip: "The reader's sequence ended" }]]),
      );
    });

    it("cancels an email waiting for a slow mail server when its reader leaves before the handoff", async () => {
      await sequence([{ subject: "Welcome", delayDays: 0 }]);
      const readers = new Map<string, string>();
      for (let index = 0; index < 6; index += 1) {
        const address = `slow${index}@example.com`;
        readers.set(address, await reader(address, "UTC"));
        await confirm(readers.get(address)!);
      }
      expect((await runSequencePass(deps())).queued).toBe(6);
      const sink = await new SmtpSink().start();
      // One connection, each message answered after 300 ms: the batch waits its turn in the pool.
      sink.replyDelayMs = 300;
      const transport = smtpTransport(sink.url, {
        pool: { connections: 1, messagesPerConnection: 100 },
      });
      const { completeBulk, lastCheck } = sequenceOutboxHooks(deps());
      const worker = startOutboxWorker({
        db: database.db,
        transport,
        clock,
        pollIntervalMs: 3_600_000,
        batchSize: 10,
        hooks: { completeBulk, lastCheck },
      });
      await worker.stop();
      try {
        // The whole batch is claimed and completed at once; then the readers not yet served leave.
        const sending = worker.runOnce();
        const first = (await sink.waitFor(1))[0]!.envelopeTo[0]!;
        const leavers = [...readers.keys()].filter((address) => address !== first);
        await database.db.transaction().execute(async (trx) => {
          for (const address of leavers) await unsubscribe(trx, readers.get(address)!);
        });
        expect(await sending).toBe(6);
        // At most the one being handed over as they left went out; the others were withdrawn.
        const delivered = sink.received.map((email) => email.envelopeTo[0]!);
        expect(delivered.filter((address) => leavers.includes(address)).length).toBeLessThanOrEqual(
          1,
        );
        const statuses = (await emails()).map((email) => email.status);
        expect(statuses.filter((status) => status === "cancelled").length).toBeGreaterThanOrEqual(
          4,
        );
        expect(statuses.filter((status) => status === "sent")).toHaveLength(delivered.length);
      } finally {
        transport.close();
        await sink.stop();
      }
    });

    it("keeps a run going until its last email is sent, so an unsubscribe still cancels it", async () => {
      await sequence([
        { subject: "One", delayDays: 0 },
        { subject: "Two", delayDays: 0 },
      ]);
      const [leaver, stayer] = await confirmedReaders(
        "last-leaver@example.com",
        "last-stayer@example.com",
      );
      for (let pass = 0; pass < 4; pass += 1) {
        await runSequencePass(deps());
        clock.advance(60_000);
      }
      // "Two" is queued for both and not yet sent: neither run is finished.
      expect(await runStatuses()).toEqual(
        new Map([
          [leaver, "active"],
          [stayer, "active"],
        ]),
      );
      await database.db.transaction().execute((trx) => unsubscribe(trx, leaver));
      const last = await database.db
        .selectFrom("outbox_emails")
        .select(["to_address", "status"])
        .where("subject", "=", "Two")
        .orderBy("to_address")
        .execute();
      expect(last).toEqual([
        { to_address: "last-leaver@example.com", status: "cancelled" },
        { to_address: "last-stayer@example.com", status: "pending" },
      ]);
      // Once the stayer's last email is sent, the next look finishes their run.
      await database.db
        .updateTable("outbox_emails")
        .set({ status: "sent" })
        .where("to_address", "=", "last-stayer@example.com")
        .execute();
      clock.advance(60_000);
      await runSequencePass(deps());
      expect(await runStatuses()).toEqual(
        new Map([
          [leaver, "cancelled"],
          [stayer, "finished"],
        ]),
      );
    });

    it("sets a run aside while an email of it may not have gone out, until it is sent again", async () => {
      const id = await sequence([
        { subject: "One", delayDays: 0 },
        { subject: "Two", delayDays: 0 },
      ]);
      const [first, second, sure] = await confirmedReaders(
        "unsure-one@example.com",
        "unsure-two@example.com",
        "sure@example.com",
      );
      // The mail server took these and never answered (or the sender died mid-send).
      const settle = (subject: string, uncertainFor: string | null) =>
        database.db
          .updateTable("outbox_emails")
          .set((eb) => ({
            status: eb
              .case()
              .when("to_address", "=", uncertainFor ?? "")
              .then("uncertain" as const)
              .else("sent" as const)
              .end(),
            uncertain_at: eb
              .case()
              .when("to_address", "=", uncertainFor ?? "")
              .then(clock.now().toISOString())
              .else(null)
              .end(),
          }))
          .where("subject", "=", subject)
          .where("status", "=", "pending")
          .execute();
      expect((await runSequencePass(deps())).queued).toBe(3);
      await settle("One", "unsure-one@example.com");
      clock.advance(60_000);
      expect((await runSequencePass(deps())).queued).toBe(3);
      await settle("Two", "unsure-two@example.com");
      clock.advance(60_000);
      await runSequencePass(deps());
      expect(await runStatuses()).toEqual(
        new Map([
          [first, "uncertain"],
          [second, "uncertain"],
          [sure, "finished"],
        ]),
      );

      const page = (await sequencePage(database.db, id))!;
      expect(page.readers).toEqual({ uncertain: 2, finished: 1 });
      const [one, two] = page.steps;
      expect(one!.figures).toMatchObject({ sent: 2, uncertain: 1 });
      expect(two!.figures).toMatchObject({ sent: 2, uncertain: 1 });
      const byStep = await uncertainEmailsByStep(database.db, id);
      expect(byStep.get(one!.id)).toMatchObject({
        total: 1,
        emails: [{ to_address: "unsure-one@example.com", subject: "One" }],
      });
      expect(byStep.get(two!.id)).toMatchObject({
        total: 1,
        emails: [{ to_address: "unsure-two@example.com", subject: "Two" }],
      });

      // "Send them again" for step one: only its email, audited; its reader's run goes on.
      const resend = () => resendUncertainStep(deps(), { sequenceId: id, stepId: one!.id, actor });
      const wokenBefore = woken;
      expect(await resend()).toBe(1);
      expect(woken).toBe(wokenBefore + 1);
      expect(await resend()).toBe(0);
      const statuses = await database.db
        .selectFrom("outbox_emails")
        .select(["to_address", "subject", "status"])
        .where("status", "!=", "sent")
        .orderBy("subject")
        .execute();
      expect(statuses).toEqual([
        { to_address: "unsure-one@example.com", subject: "One", status: "pending" },
        { to_address: "unsure-two@example.com", subject: "Two", status: "uncertain" },
      ]);
      expect(
        await database.db
          .selectFrom("admin_audit_log")
          .select(["action", "subject", "detail"])
          .where("action", "=", "sequence.resend-uncertain")
          .execute(),
      ).toEqual([
        {
          action: "sequence.resend-uncertain",
          subject: id,
          detail: JSON.stringify({ stepId: one!.id, emails: 1 }),
        },
      ]);
      // Email health's "Send again", one email of any kind, wakes its run too.
      const secondEmail = (await uncertainEmailsByStep(database.db, id)).get(two!.id)!.emails[0]!;
      expect(await sendUncertainEmailAgain(deps(), { id: secondEmail.id, actor })).toBe("queued");
      expect(await runStatuses()).toEqual(
        new Map([
          [first, "active"],
          [second, "active"],
          [sure, "finished"],
        ]),
      );
      // Once they are sent, the next look finishes both runs.
      await database.db
        .updateTable("outbox_emails")
        .set({ status: "sent" })
        .where("status", "=", "pending")
        .execute();
      await runSequencePass(deps());
      expect(await runStatuses()).toEqual(
        new Map([
          [first, "finished"],
          [second, "finished"],
          [sure, "finished"],
        ]),
      );
    });

    it("a dismissed uncertain email counts as sent and its run reads its real status", async () => {
      const id = await sequence([{ subject: "Only", delayDays: 0 }]);
      const unsure = await reader("dismiss-unsure@example.com", "UTC");
      const twice = await reader("dismiss-twice@example.com", "UTC");
      for (const person of [unsure, twice]) await confirm(person);
      expect((await runSequencePass(deps())).queued).toBe(2);
      await database.db
        .updateTable("outbox_emails")
        .set({ status: "uncertain", uncertain_at: clock.now().toISOString() })
        .where("subject", "=", "Only")
        .execute();
      clock.advance(60_000);
      await runSequencePass(deps());
      const runs = () =>
        database.db
          .selectFrom("sequence_enrollments")
          .select(["person_id", "status"])
          .execute()
          .then((rows) => new Map(rows.map((row) => [row.person_id, row.status])));
      // As before decision 326: one of them read "finished" with its email uncertain.
      await database.db
        .updateTable("sequence_enrollments")
        .set({ status: "finished", ended_reason: "all steps sent" })
        .where("person_id", "=", twice)
        .execute();
      await migrations["697_sequence_runs_finished_while_uncertain"]!.up(
        database.db as unknown as Kysely<unknown>,
      );
      expect(await runs()).toEqual(
        new Map([
          [unsure, "uncertain"],
          [twice, "uncertain"],
        ]),
      );
      const [step] = (await sequencePage(database.db, id))!.steps;
      const listed = (await uncertainEmailsByStep(database.db, id)).get(step!.id)!.emails;
      const emailOf = (address: string) => listed.find((e) => e.to_address === address)!.id;

      const dismiss = (emailId: string) => dismissUncertain(deps(), { id: emailId, actor });
      expect(await dismiss(emailOf("dismiss-unsure@example.com"))).toBe("dismissed");
      expect(await dismiss(emailOf("dismiss-unsure@example.com"))).toBe("not-uncertain");
      expect(await runs()).toEqual(
        new Map([
          [unsure, "finished"],
          [twice, "uncertain"],
        ]),
      );
      const settled = await database.db
        .selectFrom("outbox_emails")
        .select(["status", "last_error", "sent_at", "uncertain_at"])
        .where("id", "=", emailOf("dismiss-unsure@example.com"))
        .executeTakeFirstOrThrow();
      expect(settled).toMatchObject({ status: "sent", last_error: "sent (owner confirmed)" });
      expect(settled.sent_at).toBe(settled.uncertain_at);
      const page = (await sequencePage(database.db, id))!;
      expect(page.readers).toEqual({ uncertain: 1, finished: 1 });
      expect(page.steps[0]!.figures).toMatchObject({ sent: 1, uncertain: 1 });
      expect((await uncertainEmailsByStep(database.db, id)).get(step!.id)!.total).toBe(1);
      expect(
        await database.db
          .selectFrom("admin_audit_log")
          .select(["action", "subject"])
          .where("action", "=", "outbox.dismiss-uncertain")
          .execute(),
      ).toEqual([
        { action: "outbox.dismiss-uncertain", subject: emailOf("dismiss-unsure@example.com") },
      ]);
      // The next pass leaves the settled run finished.
      clock.advance(60_000);
      await runSequencePass(deps());
      expect((await runs()).get(unsure)).toBe("finished");
    });

    it("holds due steps while paused and sends them in order after", async () => {
      const id = await sequence([
        { subject: "One", delayDays: 0 },
        { subject: "Two", delayDays: 0 },
        { subject: "Three", delayDays: 0 },
      ]);
      await changeSequenceStatus(deps(), { id, change: "pause", actor });
      await confirm(await reader("p@example.com", "UTC"));
      expect((await runSequencePass(deps())).queued).toBe(0);
      // Out of the due index while paused: the pass does not walk a paused sequence's readers.
      expect(
        await database.db.selectFrom("sequence_enrollments").select("next_due_at").execute(),
      ).toEqual([{ next_due_at: null }]);
      await changeSequenceStatus(deps(), { id, change: "activate", actor });
      const order: string[] = [];
      for (let pass = 0; pass < 4; pass += 1) {
        await runSequencePass(deps());
        clock.advance(60_000);
      }
      for (const email of await emails()) order.push(email.subject);
      expect(order).toEqual(["One", "Two", "Three"]);
    });

    it("stops at once on an unsubscribe, a bounce, an exit and an erasure", async () => {
      await sequence(
        [
          { subject: "Welcome", delayDays: 0 },
          { subject: "Later", delayDays: 0 },
        ],
        { exitProduct: "pdf" },
      );
      const [leaver, bouncer, buyer, erased] = await confirmedReaders(
        "leaver@example.com",
        "bouncer@example.com",
        "buyer@example.com",
        "erased@example.com",
      );
      await runSequencePass(deps());
      expect((await emails()).filter((email) => email.status === "pending")).toHaveLength(4);

      await database.db.transaction().execute(async (trx) => {
        await unsubscribe(trx, leaver);
        await markBounced(trx, {
          address: "bouncer@example.com",
          reason: "5.1.1",
          now: clock.now(),
        });
        await emitPersonEvent(trx, {
          kind: "order-paid",
          personId: buyer,
          productIds: ["pdf"],
          now: clock.now(),
        });
      });
      expect(
        await erasePerson(
          { ...deps(), config: { ...config, MAIL_DIR: "" } },
          { personId: erased, actor },
        ),
      ).toBe("erased");
      const left = await emails();
      expect(left.filter((email) => email.status === "pending")).toHaveLength(0);
      expect(left.filter((email) => email.status === "cancelled")).toHaveLength(3);
      const ended = await database.db
        .selectFrom("sequence_enrollments")
        .select(["person_id", "status", "ended_reason"])
        .execute();
      expect(new Map(ended.map((row) => [row.person_id, [row.status, row.ended_reason]]))).toEqual(
        new Map([
          [leaver, ["cancelled", "unsubscribed"]],
          [bouncer, ["cancelled", "bounced"]],
          [buyer, ["exited", "bought"]],
        ]),
      );
      clock.advance(60_000);
      expect((await runSequencePass(deps())).queued).toBe(0);
      const page = await sequencePage(
        database.db,
        (await database.db.selectFrom("sequences").select("id").executeTakeFirstOrThrow()).id,
      );
      // None went out: three cancelled, never sent, and nobody unsubscribed after receiving it (the
      // erased reader's send went with them).
      expect(page!.steps[0]!.figures).toMatchObject({
        sent: 0,
        cancelled: 3,
        queued: 0,
        unsubscribed: 0,
      });
    });

    it("shows who waits at each step and when, and counts sent, cancelled and unsubscribed apart", async () => {
      const id = await sequence([
        { subject: "One", delayDays: 0 },
        { subject: "Two", delayDays: 2 },
        { subject: "Three", delayDays: 2 },
      ]);
      const [, leftAfter, leftBefore] = await confirmedReaders(
        "got-one@example.com",
        "left-after@example.com",
        "left-before@example.com",
      );
      expect((await runSequencePass(deps())).queued).toBe(3);
      await database.db
        .updateTable("outbox_emails")
        .set({ status: "sent" })
        .where("to_address", "in", ["got-one@example.com", "left-after@example.com"])
        .execute();
      // One leaves after "One" reached them; one leaves while theirs still waits in the outbox.
      await database.db.transaction().execute(async (trx) => {
        await unsubscribe(trx, leftAfter);
        await unsubscribe(trx, leftBefore);
      });
      clock.advance(60_000);
      const late = await reader("late@example.com", "UTC");
      await confirm(late);

      const page = (await sequencePage(database.db, id))!;
      const [one, two, three] = page.steps;
      expect(one!.figures).toMatchObject({ sent: 2, cancelled: 1, queued: 0, unsubscribed: 1 });
      expect(one!.waiting).toEqual({
        count: 1,
        nextAt: clock.now().toISOString(),
        readers: [{ email: "late@example.com", at: clock.now().toISOString() }],
      });
      // "Two" is two days after "One" (queued Saturday 17:00 UTC), at 9:00 in the reader's zone.
      expect(two!.waiting).toEqual({
        count: 1,
        nextAt: "2026-03-09T09:00:00.000Z",
        readers: [{ email: "got-one@example.com", at: "2026-03-09T09:00:00.000Z" }],
      });
      expect(three!.waiting).toEqual({ count: 0, nextAt: null, readers: [] });
    });

    it("resumes, starts over or leaves alone a reader who comes back, as the sequence says", async () => {
      const steps = (name: string) => [
        { subject: `${name} one`, delayDays: 0 },
        { subject: `${name} two`, delayDays: 0 },
        { subject: `${name} three`, delayDays: 1 },
      ];
      const resume = await sequence(steps("Resume"), { name: "Resume", restart: "resume" });
      await sequence(steps("Over"), { name: "Over", restart: "start_over" });
      await sequence(steps("None"), { name: "None", restart: "none" });
      const person = await reader("back@example.com", "UTC");
      await confirm(person);
      await runSequencePass(deps());
      clock.advance(60_000);
      await runSequencePass(deps());
      expect((await emails()).map((email) => email.subject).sort()).toEqual([
        "None one",
        "None two",
        "Over one",
        "Over two",
        "Resume one",
        "Resume two",
      ]);
      await database.db.transaction().execute((trx) => unsubscribe(trx, person));
      await database.db
        .updateTable("list_memberships")
        .set({ status: "confirmed" })
        .where("person_id", "=", person)
        .execute();
      await confirm(person);
      const before = new Set((await emails()).map((email) => email.id));
      const fresh = async () =>
        (await emails())
          .filter((email) => !before.has(email.id))
          .map((email) => email.subject)
          .sort();
      clock.advance(60_000);
      await runSequencePass(deps());
      expect(await fresh()).toEqual(["Over one"]);
      clock.advance(2 * day);
      for (let pass = 0; pass < 3; pass += 1) {
        await runSequencePass(deps());
        clock.advance(60_000);
      }
      expect(await fresh()).toEqual(["Over one", "Over two", "Resume three"]);
      // The choice is kept with the sequence, as the form sent it.
      expect(
        await database.db
          .selectFrom("sequences")
          .select("restart")
          .where("id", "=", resume)
          .executeTakeFirstOrThrow(),
      ).toEqual({ restart: "resume" });
    });

    it("lets a reader leave one sequence by its email's link and stay on the newsletter", async () => {
      const welcome = await sequence([
        { subject: "Welcome", delayDays: 0 },
        { subject: "Welcome again", delayDays: 0 },
      ]);
      await sequence([{ subject: "Other", delayDays: 0 }], { name: "Other" });
      const person = await reader("leave-one@example.com", "UTC");
      await confirm(person);
      await runSequencePass(deps());
      const queued = await database.db
        .selectFrom("outbox_emails")
        .selectAll()
        .where("subject", "=", "Welcome")
        .execute();
      const done = (await sequenceCompletion(deps())(queued)).get(queued[0]!.id)!;
      if (!("send" in done)) throw new Error(JSON.stringify(done));
      const link = new RegExp(
        `https://presence\\.example/sequences/${welcome}/leave/newsletter/([\\w.-]+)`,
      ).exec(done.send.text);
      expect(link).not.toBeNull();
      expect(done.send.html).toContain(`/sequences/${welcome}/leave/newsletter/${link![1]}`);
      const leaveLink = { sequenceId: welcome, list: "newsletter", token: link![1]! };
      expect(await readLeaveLink(deps(), leaveLink)).toEqual({ state: "ready", name: "Welcome" });

      // Another list's path, an altered token: refused, nothing ends.
      for (const bad of [
        { ...leaveLink, list: "waitlist" },
        { ...leaveLink, token: `${leaveLink.token.slice(0, -2)}xx` },
      ])
        expect(await leaveSequence(deps(), { link: bad, clientAddress: "203.0.113.9" })).toEqual({
          outcome: "invalid",
        });

      clock.advance(60_000);
      await runSequencePass(deps()); // "Welcome again" queued; neither is sent yet
      expect(
        await leaveSequence(deps(), { link: leaveLink, clientAddress: "203.0.113.9" }),
      ).toEqual({ outcome: "left", name: "Welcome" });
      const runs = await database.db
        .selectFrom("sequence_enrollments")
        .innerJoin("sequences", "sequences.id", "sequence_enrollments.sequence_id")
        .select(["sequences.name", "sequence_enrollments.status", "ended_reason"])
        .orderBy("sequences.name")
        .execute();
      expect(runs).toEqual([
        { name: "Other", status: "active", ended_reason: null },
        { name: "Welcome", status: "cancelled", ended_reason: "left the sequence" },
      ]);
      expect((await emails()).map((email) => [email.subject, email.status]).sort()).toEqual([
        ["Other", "pending"],
        ["Welcome again", "cancelled"],
        ["Welcome", "cancelled"],
      ]);
      const membership = await database.db
        .selectFrom("list_memberships")
        .select("status")
        .where("person_id", "=", person)
        .executeTakeFirstOrThrow();
      expect(membership.status).toBe("confirmed");
      // The email already claimed is withdrawn at its last check too.
      expect(await sequenceOutboxHooks(deps()).lastCheck(queued[0]!)).toEqual({
        skip: "The reader's sequence ended",
      });
    });

    it("starts the sequences of the interests a reader chose, once their signup is confirmed", async () => {
      await sequence([{ subject: "Training first", delayDays: 0 }], {
        trigger: "interest_chosen",
        triggerDetail: "training",
      });
      await sequence([{ subject: "Book first", delayDays: 0 }], {
        trigger: "interest_chosen",
        triggerDetail: "book",
      });
      await sequence([{ subject: "Any interest first", delayDays: 0 }], {
        trigger: "interest_chosen",
      });
      const signupDeps = deps() as unknown as Parameters<typeof requestMembership>[0];
      await requestMembership(signupDeps, {
        list: "newsletter",
        email: "chooser@example.com",
        interests: ["training", "insights"],
        source: "/signup",
        consentText: "Yes",
      });
      // Chosen but not confirmed: nobody is started.
      expect((await runSequencePass(deps())).queued).toBe(0);
      const { id: membershipId } = await database.db
        .selectFrom("list_memberships")
        .select("id")
        .executeTakeFirstOrThrow();
      const token = new URL(
        membershipLinks(config, { list: "newsletter", membershipId }, clock.now()).confirm,
      ).pathname
        .split("/")
        .pop()!;
      expect(await confirmMembership(signupDeps, { list: "newsletter", token })).toBe("confirmed");
      expect((await runSequencePass(deps())).queued).toBe(2);
      expect(
        (await emails())
          .filter((email) => email.broadcast_id !== null)
          .map((email) => email.subject)
          .sort(),
      ).toEqual(["Any interest first", "Training first"]);
    });

    it("starts a guide's sequence for the reader its email link names, with their consent", async () => {
      const welcome = await sequence([{ subject: "Welcome", delayDays: 0 }]);
      const stepId = (await sequencePage(database.db, welcome))!.steps[0]!.id;
      await saveStep(deps(), {
        sequenceId: welcome,
        stepId,
        input: {
          subject: "Welcome",
          bodyMarkdown:
            "Start with [the guide](https://presence.example/downloads/witness-consciousness-guide.pdf)" +
            " or [the story](https://presence.example/about).",
          delayDays: "0",
          position: "",
        },
        actor,
      });
      await sequence([{ subject: "After the guide", delayDays: 0 }], {
        name: "Guide follow-up",
        trigger: "guide_downloaded",
        triggerDetail: "witness-consciousness-guide",
      });
      const person = await reader("guide@example.com", "UTC");
      await confirm(person);
      await runSequencePass(deps());
      const queued = await database.db.selectFrom("outbox_emails").selectAll().execute();
      const done = (await sequenceCompletion(deps())(queued)).get(queued[0]!.id)!;
      if (!("send" in done)) throw new Error(JSON.stringify(done));
      // The guide's link names the reader; other links do not; the copy is drawn for them alone.
      const link =
        /https:\/\/presence\.example\/downloads\/witness-consciousness-guide\.pdf\?reader=([\w.-]+)"/.exec(
          done.send.html,
        );
      expect(link?.[1]).toBe(guideReaderToken(config, person));
      expect(done.send.text).toContain(`?reader=${link![1]}`);
      expect(done.send.html).toContain('href="https://presence.example/about"');
      expect(done.send.sharedBody).toBeUndefined();
      const token = link![1]!;

      // Another guide, or an altered token: nobody starts.
      expect(await recordGuideDownload(deps(), { guide: "method-overview", token })).toBe(true);
      const altered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
      expect(
        await recordGuideDownload(deps(), { guide: "witness-consciousness-guide", token: altered }),
      ).toBe(false);
      expect((await runSequencePass(deps())).queued).toBe(0);

      expect(
        await recordGuideDownload(deps(), { guide: "witness-consciousness-guide", token }),
      ).toBe(true);
      expect((await runSequencePass(deps())).queued).toBe(1);
      expect((await emails()).map((email) => email.subject).sort()).toEqual([
        "After the guide",
        "Welcome",
      ]);
      // Downloaded again: the run is not started twice.
      await recordGuideDownload(deps(), { guide: "witness-consciousness-guide", token });
      expect((await runSequencePass(deps())).queued).toBe(0);

      // Someone only on the waitlist is recognised, but the newsletter's sequence does not start.
      const outsider = await reader("outsider@example.com", "UTC", "waitlist");
      expect(
        await recordGuideDownload(deps(), {
          guide: "witness-consciousness-guide",
          token: guideReaderToken(config, outsider),
        }),
      ).toBe(true);
      expect(
        await database.db
          .selectFrom("sequence_enrollments")
          .select("id")
          .where("person_id", "=", outsider)
          .execute(),
      ).toEqual([]);
    });

    it("only people on the sequence's list are started", async () => {
      await sequence([{ subject: "Welcome", delayDays: 0 }], {
        list: "waitlist",
        trigger: "waitlist_joined",
      });
      const onlyNewsletter = await reader("n@example.com", "UTC", "newsletter");
      await database.db.transaction().execute((trx) =>
        emitPersonEvent(trx, {
          kind: "list-confirmed",
          personId: onlyNewsletter,
          list: "waitlist",
          now: clock.now(),
        }),
      );
      expect((await runSequencePass(deps())).queued).toBe(0);
    });

    it("applies edits of a live sequence to readers not past them", async () => {
      const id = await sequence([
        { subject: "One", delayDays: 0 },
        { subject: "Two", delayDays: 2 },
        { subject: "Three", delayDays: 2 },
      ]);
      await confirm(await reader("e@example.com", "UTC"));
      await runSequencePass(deps()); // One
      const steps = (await sequencePage(database.db, id))!.steps;
      // A step added before "Two" reaches them; a step added before "One" does not.
      await saveStep(deps(), {
        sequenceId: id,
        input: { subject: "One and a half", bodyMarkdown: "Hi", delayDays: "0", position: "2" },
        actor,
      });
      await saveStep(deps(), {
        sequenceId: id,
        input: { subject: "Zero", bodyMarkdown: "Hi", delayDays: "0", position: "1" },
        actor,
      });
      // "Three" removed: never sent. "Two" now at 0 days: due at the next pass after 1.5.
      await removeStep(deps(), { sequenceId: id, stepId: steps[2]!.id, actor });
      await saveStep(deps(), {
        sequenceId: id,
        stepId: steps[1]!.id,
        input: { subject: "Two", bodyMarkdown: "Hi", delayDays: "0", position: "" },
        actor,
      });
      for (let pass = 0; pass < 5; pass += 1) {
        await runSequencePass(deps());
        clock.advance(60_000);
      }
      expect((await emails()).map((email) => email.subject)).toEqual([
        "One",
        "One and a half",
        "Two",
      ]);
    });

    it("records in each reader's history the version of the step they received", async () => {
      const id = await sequence([{ subject: "Welcome", delayDays: 0 }]);
      const stepId = (await sequencePage(database.db, id))!.steps[0]!.id;
      const edit = (body: string) =>
        saveStep(deps(), {
          sequenceId: id,
          stepId,
          input: { subject: "Welcome", bodyMarkdown: body, delayDays: "0", position: "" },
          actor,
        });
      const complete = sequenceCompletion(deps());
      const sendNow = async (personId: string) => {
        const mine = await database.db
          .selectFrom("outbox_emails")
          .innerJoin("sequence_sends as send", "send.id", "outbox_emails.id")
          .selectAll("outbox_emails")
          .where("send.person_id", "=", personId)
          .execute();
        const done = (await complete(mine)).get(mine[0]!.id)!;
        if (!("send" in done)) throw new Error(JSON.stringify(done));
        return done.send.text;
      };

      const first = await reader("v1@example.com", "UTC");
      await confirm(first);
      await runSequencePass(deps());
      expect(await sendNow(first)).toContain("Hello, reader.");
      expect(await edit("The second wording.")).toMatchObject({ outcome: "saved" });

      // Queued at version 2, edited again before the worker drew it: it goes out as version 3.
      const second = await reader("v3@example.com", "UTC");
      await confirm(second);
      await runSequencePass(deps());
      expect(await edit("The third wording.")).toMatchObject({ outcome: "saved" });
      expect(await sendNow(second)).toContain("The third wording.");

      expect(await personSequenceEmails(database.db, first)).toMatchObject([
        { version: 1, currentVersion: 3, sentSubject: "Welcome" },
      ]);
      expect(await personSequenceEmails(database.db, second)).toMatchObject([
        { version: 3, currentVersion: 3 },
      ]);
    });

    it("refuses bad input with a sentence and writes nothing", async () => {
      const base = {
        name: "Bad",
        trigger: "newsletter_confirmed",
        triggerDetail: "",
        list: "newsletter",
        sendHour: "9",
        exitProduct: "",
        exitOnBooking: undefined,
        exitOnRegistration: undefined,
        exitOnSequenceId: "",
        restart: "none",
      };
      const unknown = await saveSequence(deps(), {
        input: { ...base, trigger: "moon_phase" },
        actor,
      });
      expect(unknown).toMatchObject({
        outcome: "invalid",
        error: "Choose a trigger the site knows",
      });
      const a = await sequence([{ subject: "A", delayDays: 0 }]);
      const b = await saveSequence(deps(), {
        input: { ...base, name: "B", trigger: "sequence_joined", triggerDetail: a },
        actor,
      });
      expect(b.outcome).toBe("saved");
      const loop = await saveSequence(deps(), {
        id: a,
        input: {
          ...base,
          name: "A",
          trigger: "sequence_joined",
          triggerDetail: (b as { id: string }).id,
        },
        actor,
      });
      expect(loop).toMatchObject({
        outcome: "invalid",
        error: "These sequences would start each other in a loop",
      });
      expect(
        await saveSequence(deps(), {
          input: { ...base, trigger: "interest_chosen", triggerDetail: "astrology" },
          actor,
        }),
      ).toMatchObject({
        outcome: "invalid",
        error: "Choose one of the newsletter's interests, or any interest",
      });
      expect(
        await saveSequence(deps(), {
          input: { ...base, trigger: "guide_downloaded", triggerDetail: "/etc/passwd" },
          actor,
        }),
      ).toMatchObject({ outcome: "invalid", error: "Choose one of the guides, or any guide" });
      const step = (input: Partial<Record<string, string>>) =>
        saveStep(deps(), {
          sequenceId: a,
          input: { subject: "S", bodyMarkdown: "Body", delayDays: "1", position: "", ...input },
          actor,
        });
      expect(await step({ bodyMarkdown: "  " })).toMatchObject({
        error: "A step needs a body: an empty email is not sent",
      });
      expect(await step({ delayDays: "366" })).toMatchObject({
        error: "The delay is from 0 to 365 days",
      });
      expect(await step({ delayDays: "-1" })).toMatchObject({
        error: "The delay is from 0 to 365 days",
      });
      const steps = await database.db.selectFrom("sequence_steps").select("id").execute();
      expect(steps).toHaveLength(1);
      expect(
        (
          await database.db
            .selectFrom("sequences")
            .select("trigger")
            .where("id", "=", a)
            .executeTakeFirstOrThrow()
        ).trigger,
      ).toBe("newsletter_confirmed");
    });
  });
}

for (const dialect of allDialects) {
  describe(`the restart choice's migration on ${dialect}`, () => {
    it("makes the old 'Allow restart' start over, and the rest nothing", async () => {
      const database = await createTestDatabase(dialect, {
        upTo: Object.fromEntries(
          Object.entries(migrations).filter(([name]) => name < "695_sequence_restart_choice"),
        ),
      });
      try {
        const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
        const row = (id: string, allowRestart: number) => ({
          id,
          name: id,
          trigger: "newsletter_confirmed",
          trigger_detail: null,
          list: "newsletter",
          send_hour: 9,
          exit_product: null,
          exit_on_booking: 0,
          exit_on_registration: 0,
          exit_on_sequence_id: null,
          allow_restart: allowRestart,
          status: "draft",
          created_at: "2026-03-07T17:00:00.000Z",
          updated_at: "2026-03-07T17:00:00.000Z",
        });
        await db
          .insertInto("sequences")
          .values([row("allowed", 1), row("not-allowed", 0)])
          .execute();
        await migrateToLatest(database.db);
        expect(
          await database.db
            .selectFrom("sequences")
            .select(["id", "restart"])
            .orderBy("id")
            .execute(),
        ).toEqual([
          { id: "allowed", restart: "start_over" },
          { id: "not-allowed", restart: "none" },
        ]);
      } finally {
        await database.dispose();
      }
    });
  });
}
