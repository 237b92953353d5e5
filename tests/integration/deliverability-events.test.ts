import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "~/.server/core/config";
import {
  liftPersonSuppression,
  listSuppressed,
  personDeliveryTimeline,
  receiveProviderWebhook,
  recordDeliveryEvent,
  replayKeptWebhooks,
  webhookReplayAfterMs,
  type DeliveryEvent,
} from "~/.server/deliverability";
import { mailgunWebhook } from "../../support/provider-webhooks";
import { enqueueEmail } from "~/.server/mail";
import {
  changeSequenceStatus,
  registerSequenceListeners,
  runSequencePass,
  saveSequence,
  saveStep,
  sequencePage,
} from "~/.server/sequences";
import { emitPersonEvent } from "~/.server/core/person-events";
import { ManualClock } from "../../support/manual-clock";
import { seedPerson } from "../../support/seed-person";
import { seedSendingBroadcast } from "../../support/sending-broadcast";
import { sequenceSettings } from "../../support/sequence-settings";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const config = parseConfig({
  SITE_URL: "https://presence.example",
  MAIL_FROM: "Presence Selling <no-reply@presence.example>",
  NEWSLETTER_LINK_SECRET: "a-test-secret-of-enough-length",
  MAIL_POSTAL_ADDRESS: "Presence Selling LLC, 1942 Broadway Suite 314, Boulder, CO 80302, USA",
});
const day = 24 * 60 * 60_000;

for (const dialect of allDialects) {
  describe(`provider bounces and complaints on ${dialect}`, () => {
    let database: TestDatabase;
    let clock: ManualClock;
    const deps = () => ({ db: database.db, clock, config, outbox: { wake: () => {} } });

    beforeAll(async () => {
      registerSequenceListeners();
      database = await createTestDatabase(dialect);
    });
    afterAll(async () => {
      await database.dispose();
    });
    beforeEach(async () => {
      clock = new ManualClock("2026-12-07T12:00:00.000Z");
      for (const table of [
        "delivery_events",
        "provider_webhook_events",
        "broadcast_pause_events",
        "broadcasts",
        "admin_audit_log",
        "outbox_emails",
        "sequence_sends",
        "sequence_enrollments",
        "sequence_steps",
        "sequences",
        "list_memberships",
        "people",
      ] as const)
        await database.db.deleteFrom(table).execute();
    });

    const reader = (email: string) =>
      seedPerson(database.db, { email, now: clock.now(), lists: ["newsletter", "waitlist"] });

    const event = (changes: Partial<DeliveryEvent>): DeliveryEvent => ({
      provider: "postmark",
      providerEventId: crypto.randomUUID(),
      kind: "bounce",
      bounce: "hard",
      email: "reader@example.com",
      occurredAt: clock.now(),
      detail: "550 5.1.1 The email account that you tried to reach does not exist",
      ...changes,
    });
    const person = (id: string) =>
      database.db
        .selectFrom("people")
        .select(["bounced_at", "bounce_reason", "complained_at"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
    const events = () =>
      database.db.selectFrom("delivery_events").selectAll().orderBy("occurred_at").execute();

    it("suppresses at once on a hard bounce, names the email it quotes, and ignores a replay", async () => {
      const id = await reader("Reader@Example.com");
      const emailId = await database.db.transaction().execute((trx) =>
        enqueueEmail(
          trx,
          {
            purpose: "order.receipt",
            to: "Reader@Example.com",
            from: config.MAIL_FROM,
            subject: "Your receipt",
            text: "Thanks",
          },
          { now: clock.now() },
        ),
      );
      const bounce = event({ messageId: `<${emailId}@presence.example>` });
      expect(await recordDeliveryEvent(deps(), bounce)).toBe("recorded");
      expect((await person(id)).bounced_at).toBe(clock.now().toISOString());
      expect((await person(id)).bounce_reason).toContain("5.1.1");
      const [row] = await events();
      expect(row).toMatchObject({
        person_id: id,
        outbox_email_id: emailId,
        purpose: "order.receipt",
        outcome: "suppressed",
        email_key: "reader@example.com",
      });

      clock.advance(60_000);
      expect(await recordDeliveryEvent(deps(), bounce)).toBe("duplicate");
      expect(await events()).toHaveLength(1);
      // A second bounce (another event) is recorded, not dropped; the suppression stands.
      expect(await recordDeliveryEvent(deps(), event({}))).toBe("recorded");
      expect((await events()).map((row) => row.outcome)).toEqual(["suppressed", "recorded"]);
      const audit = await database.db
        .selectFrom("admin_audit_log")
        .select(["actor_email", "action", "subject"])
        .execute();
      expect(audit).toEqual([
        { actor_email: "provider:postmark", action: "deliverability.bounce", subject: id },
        { actor_email: "provider:postmark", action: "deliverability.bounce", subject: id },
      ]);
    });

    it("suppresses after SOFT_BOUNCE_LIMIT soft bounces within SOFT_BOUNCE_DAYS", async () => {
      const id = await reader("reader@example.com");
      const soft = (at: Date) =>
        recordDeliveryEvent(deps(), event({ bounce: "soft", occurredAt: at, detail: "452 full" }));
      const start = clock.now().getTime();
      // Two long ago, then two within the week: still under the limit of three.
      await soft(new Date(start - 20 * day));
      await soft(new Date(start - 10 * day));
      await soft(new Date(start - 3 * day));
      await soft(new Date(start - 1 * day));
      expect((await person(id)).bounced_at).toBeNull();
      await soft(new Date(start));
      expect((await person(id)).bounced_at).not.toBeNull();
      expect((await person(id)).bounce_reason).toMatch(/^3 soft bounces in 7 days/);
      expect((await events()).map((row) => row.outcome)).toEqual([
        "recorded",
        "recorded",
        "recorded",
        "recorded",
        "suppressed",
      ]);
    });

    it("takes a complainer off every list and stops their sequences in the same transaction", async () => {
      const saved = await saveSequence(deps(), {
        input: sequenceSettings(),
        actor: "owner@presence.example",
      });
      if (saved.outcome !== "saved") throw new Error(JSON.stringify(saved));
      for (const subject of ["Welcome", "Later"])
        await saveStep(deps(), {
          sequenceId: saved.id,
          input: { subject, bodyMarkdown: `# ${subject}`, delayDays: "0", position: "" },
          actor: "owner@presence.example",
        });
      await changeSequenceStatus(deps(), {
        id: saved.id,
        change: "activate",
        actor: "owner@presence.example",
      });
      const id = await reader("reader@example.com");
      await database.db.transaction().execute((trx) =>
        emitPersonEvent(trx, {
          kind: "list-confirmed",
          personId: id,
          list: "newsletter",
          now: clock.now(),
        }),
      );
      await runSequencePass(deps());

      expect(
        await recordDeliveryEvent(deps(), event({ kind: "complaint", bounce: undefined })),
      ).toBe("recorded");
      expect(await person(id)).toMatchObject({
        bounced_at: null,
        complained_at: clock.now().toISOString(),
      });
      const memberships = await database.db
        .selectFrom("list_memberships")
        .select("status")
        .where("person_id", "=", id)
        .execute();
      expect(memberships.map((row) => row.status)).toEqual(["unsubscribed", "unsubscribed"]);
      const enrollment = await database.db
        .selectFrom("sequence_enrollments")
        .select(["status", "ended_reason"])
        .executeTakeFirstOrThrow();
      expect(enrollment).toEqual({ status: "cancelled", ended_reason: "unsubscribed" });
      const queued = await database.db.selectFrom("outbox_emails").select("status").execute();
      expect(queued.map((row) => row.status)).toEqual(["cancelled"]);
      expect((await events())[0]?.outcome).toBe("unsubscribed");
    });

    it("counts a step's complaints and bounces over its emails delivered", async () => {
      const saved = await saveSequence(deps(), {
        input: sequenceSettings(),
        actor: "owner@presence.example",
      });
      if (saved.outcome !== "saved") throw new Error(JSON.stringify(saved));
      await saveStep(deps(), {
        sequenceId: saved.id,
        input: { subject: "Welcome", bodyMarkdown: "# Welcome", delayDays: "0", position: "" },
        actor: "owner@presence.example",
      });
      await changeSequenceStatus(deps(), {
        id: saved.id,
        change: "activate",
        actor: "owner@presence.example",
      });
      for (const email of ["one@example.com", "two@example.com"]) {
        const id = await reader(email);
        await database.db.transaction().execute((trx) =>
          emitPersonEvent(trx, {
            kind: "list-confirmed",
            personId: id,
            list: "newsletter",
            now: clock.now(),
          }),
        );
      }
      await runSequencePass(deps());
      // The outbox worker accepted both: our provider took them.
      await database.db.updateTable("outbox_emails").set({ status: "sent" }).execute();
      const sent = await database.db
        .selectFrom("outbox_emails")
        .select(["id", "to_address"])
        .orderBy("to_address")
        .execute();
      expect(sent).toHaveLength(2);
      const messageId = `<${sent[0]!.id}@presence.example>`;
      await recordDeliveryEvent(
        deps(),
        event({ email: sent[0]!.to_address, kind: "complaint", bounce: undefined, messageId }),
      );
      await recordDeliveryEvent(
        deps(),
        event({
          email: sent[1]!.to_address,
          bounce: "soft",
          messageId: `<${sent[1]!.id}@presence.example>`,
        }),
      );
      const page = await sequencePage(database.db, saved.id);
      expect(page!.steps[0]!.figures).toMatchObject({
        delivered: 2,
        hardBounces: 0,
        softBounces: 1,
        complaints: 1,
        hardBounceRate: 0,
        softBounceRate: 0.5,
        complaintRate: 0.5,
      });
    });

    describe("a broadcast's complaint rate (decision 312)", () => {
      /** A spam complaint from the reader of `sent[index]`, quoting its email. */
      const complaint = (sent: { id: string; address: string }[], index: number) =>
        event({
          kind: "complaint",
          bounce: undefined,
          email: sent[index]!.address,
          messageId: `<${sent[index]!.id}@presence.example>`,
          detail: "abuse",
        });
      const broadcastState = async (id: string) => ({
        status: (
          await database.db
            .selectFrom("broadcasts")
            .select("status")
            .where("id", "=", id)
            .executeTakeFirstOrThrow()
        ).status,
        pauses: await database.db
          .selectFrom("broadcast_pause_events")
          .select(["cause", "reason", "ended_at"])
          .where("broadcast_id", "=", id)
          .execute(),
        ownerEmails: (
          await database.db
            .selectFrom("outbox_emails")
            .select("id")
            .where("purpose", "=", "broadcast.paused")
            .execute()
        ).length,
        held: (
          await database.db
            .selectFrom("outbox_emails")
            .select("id")
            .where("broadcast_id", "=", id)
            .where("status", "=", "held")
            .execute()
        ).length,
      });

      it("pauses once past the setting, not at it, holding what is left and emailing the owner", async () => {
        const { id, sent } = await seedSendingBroadcast(database.db, {
          delivered: 1000,
          pending: 20,
          at: clock.now(),
        });
        // 3 in 1,000 is 0.3 %: at the setting, not past it.
        for (const index of [0, 1, 2])
          expect(await recordDeliveryEvent(deps(), complaint(sent, index))).toBe("recorded");
        expect(await broadcastState(id)).toMatchObject({
          status: "sending",
          pauses: [],
          ownerEmails: 0,
          held: 0,
        });
        await recordDeliveryEvent(deps(), complaint(sent, 3));
        const paused = await broadcastState(id);
        expect(paused).toMatchObject({ status: "paused", ownerEmails: 1, held: 20 });
        expect(paused.pauses).toEqual([
          { cause: "complaints", reason: expect.stringContaining("0.40 %"), ended_at: null },
        ]);
        expect(paused.pauses[0]!.reason).toContain("4 spam complaints over 1000 emails delivered");
        // A later complaint is recorded, and the pause is not made again.
        await recordDeliveryEvent(deps(), complaint(sent, 4));
        expect(await broadcastState(id)).toMatchObject({ ownerEmails: 1, pauses: [{}] });
      });

      it("waits for BROADCAST_COMPLAINT_MIN_DELIVERED, and leaves a finished broadcast alone", async () => {
        const early = await seedSendingBroadcast(database.db, {
          delivered: 999,
          pending: 1,
          at: clock.now(),
        });
        for (const index of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
          await recordDeliveryEvent(deps(), complaint(early.sent, index));
        expect(await broadcastState(early.id)).toMatchObject({ status: "sending", pauses: [] });
        await database.db.deleteFrom("outbox_emails").execute();
        const finished = await seedSendingBroadcast(database.db, {
          delivered: 1000,
          status: "sent",
          at: clock.now(),
        });
        for (const index of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
          await recordDeliveryEvent(deps(), complaint(finished.sent, index));
        expect(await broadcastState(finished.id)).toMatchObject({ status: "sent", pauses: [] });
        expect((await broadcastState(finished.id)).ownerEmails).toBe(0);
      });

      it("counts two complaints recorded at once, and pauses once", async () => {
        const { id, sent } = await seedSendingBroadcast(database.db, {
          delivered: 1000,
          pending: 5,
          at: clock.now(),
        });
        // At 0.4 %, four complaints are not enough: only the two together pass it.
        const strict = {
          ...deps(),
          config: { ...config, BROADCAST_COMPLAINT_PAUSE_PERCENT: 0.4 },
        };
        for (const index of [0, 1, 2]) await recordDeliveryEvent(strict, complaint(sent, index));
        await Promise.all([
          recordDeliveryEvent(strict, complaint(sent, 3)),
          recordDeliveryEvent(strict, complaint(sent, 4)),
        ]);
        const state = await broadcastState(id);
        expect(state).toMatchObject({ status: "paused", ownerEmails: 1, held: 5 });
        expect(state.pauses).toEqual([
          { cause: "complaints", reason: expect.stringContaining("0.50 %"), ended_at: null },
        ]);
      });
    });

    it("records nothing for an address it never wrote to", async () => {
      expect(await recordDeliveryEvent(deps(), event({ email: "stranger@example.com" }))).toBe(
        "unknown-email",
      );
      expect(await events()).toHaveLength(0);
    });

    it("reads a kept webhook body again when the work after its answer never ran", async () => {
      const id = await reader("reader@example.com");
      const key = "mailgun-key-for-the-replay";
      const signed = mailgunWebhook(key, { email: "reader@example.com", at: clock.now() });
      // The process dies once the answer is sent: the work handed off never runs.
      const crashing = {
        ...deps(),
        config: { ...config, MAILGUN_WEBHOOK_SIGNING_KEY: key },
        afterAnswer: () => {},
      };
      const answer = await receiveProviderWebhook(crashing, {
        provider: "mailgun",
        headers: new Headers(signed.headers),
        body: signed.body,
      });
      expect(answer).toEqual({ status: 200, outcome: "kept" });
      expect((await person(id)).bounced_at).toBeNull();
      // Too young for the replay: its answer's work may still be running.
      expect(await replayKeptWebhooks(crashing)).toBe(false);
      expect((await person(id)).bounced_at).toBeNull();
      clock.advance(webhookReplayAfterMs + 1);
      await replayKeptWebhooks(crashing);
      expect((await person(id)).bounced_at).not.toBeNull();
      const kept = await database.db
        .selectFrom("provider_webhook_events")
        .select("processed_at")
        .execute();
      expect(kept.map((row) => row.processed_at)).toEqual([clock.now().toISOString()]);
    });

    it("answers 404 for a provider whose setting is not given", async () => {
      for (const provider of ["ses", "postmark", "mailgun", "sendgrid", "resend"])
        expect(
          await receiveProviderWebhook(deps(), { provider, headers: new Headers(), body: "{}" }),
        ).toMatchObject({ status: 404 });
    });

    it("lists suppressed addresses and lifts one only with a reason, audited", async () => {
      const id = await reader("reader@example.com");
      await recordDeliveryEvent(deps(), event({}));
      expect(await listSuppressed(database.db)).toEqual([
        expect.objectContaining({
          personId: id,
          email: "reader@example.com",
          since: clock.now().toISOString(),
        }),
      ]);
      const lift = (reason: string) =>
        liftPersonSuppression(deps(), { personId: id, reason, actor: "owner@presence.example" });
      expect(await lift("  ")).toBe("reason-required");
      expect((await person(id)).bounced_at).not.toBeNull();
      expect(await lift("They fixed their mailbox")).toBe("lifted");
      expect((await person(id)).bounced_at).toBeNull();
      expect(await listSuppressed(database.db)).toEqual([]);
      expect(await lift("again")).toBe("not-suppressed");
      const audit = await database.db
        .selectFrom("admin_audit_log")
        .select(["actor_email", "detail"])
        .where("action", "=", "deliverability.lift")
        .execute();
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]!.detail)).toMatchObject({ reason: "They fixed their mailbox" });
    });

    it("puts each bounce, complaint and lift on the person's timeline", async () => {
      const id = await reader("timeline@example.com");
      // A minute apart: the timeline is in the order they happened.
      await recordDeliveryEvent(deps(), event({ email: "timeline@example.com" }));
      clock.advance(60_000);
      await recordDeliveryEvent(
        deps(),
        event({ email: "timeline@example.com", kind: "complaint", bounce: undefined }),
      );
      clock.advance(60_000);
      await liftPersonSuppression(deps(), {
        personId: id,
        reason: "Asked to be back",
        actor: "owner@presence.example",
      });
      const timeline = await personDeliveryTimeline(database.db, id);
      expect(timeline.map(({ kind, title, detail }) => ({ kind, title, detail }))).toEqual([
        {
          kind: "delivery",
          title: "Hard bounce (postmark) · the address is suppressed",
          detail: expect.stringContaining("550 5.1.1"),
        },
        {
          kind: "delivery",
          title: expect.stringMatching(/^Spam complaint \(postmark\)/),
          detail: expect.any(String),
        },
        {
          kind: "delivery",
          title: "Suppression lifted by owner@presence.example",
          detail: "Reason: Asked to be back",
        },
      ]);
    });
  });
}
