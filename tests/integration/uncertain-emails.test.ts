import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  dismissUncertain,
  needsAttention,
  outboxCounts,
  sendUncertainEmailAgain,
  uncertainEmails,
} from "~/.server/admin";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const owner = "owner@presence.example";

for (const dialect of allDialects) {
  describe(`emails that may not have gone out, on ${dialect}`, () => {
    let database: TestDatabase;
    const clock = new ManualClock();
    let woken = 0;
    const deps = () => ({ db: database.db, clock, outbox: { wake: () => void woken++ } });

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(async () => {
      await database.dispose();
    });
    beforeEach(async () => {
      woken = 0;
      await database.db.deleteFrom("outbox_attempts").execute();
      await database.db.deleteFrom("outbox_emails").execute();
      await database.db.deleteFrom("admin_audit_log").execute();
      const now = clock.now().toISOString();
      const row = (
        id: string,
        status: "uncertain" | "sent",
        batch: string | null,
        purpose: string,
      ) => ({
        id,
        purpose,
        to_address: `${id}@example.com`,
        from_address: "no-reply@presence.example",
        reply_to: null,
        subject: `About ${id}`,
        text_body: "Hello",
        html_body: null,
        headers: "{}",
        status,
        attempts: status === "uncertain" ? 8 : 1,
        next_attempt_at: now,
        last_error: status === "uncertain" ? "No reply to the end of the message" : null,
        uncertain_at: status === "uncertain" ? now : null,
        broadcast_id: batch,
        created_at: now,
      });
      await database.db
        .insertInto("outbox_emails")
        .values([
          row("receipt", "uncertain", null, "sales.receipt"),
          row("letter", "uncertain", "broadcast-1", "broadcast.email"),
          row("step", "uncertain", "sequence-1", "sequence.email"),
          row("other-step", "sent", "sequence-1", "sequence.email"),
        ])
        .execute();
    });

    it("counts uncertain emails of every kind for Email health and the dashboard", async () => {
      expect((await outboxCounts(database.db)).uncertain).toBe(3);
      expect(await needsAttention(database.db)).toMatchObject({ uncertainEmails: 3 });
      expect((await uncertainEmails(database.db)).map((email) => email.id).sort()).toEqual([
        "letter",
        "receipt",
        "step",
      ]);
    });

    it("sends one again on the owner's word, with fresh attempts, audited, once", async () => {
      expect(await sendUncertainEmailAgain(deps(), { id: "receipt", actor: owner })).toBe("queued");
      const receipt = await database.db
        .selectFrom("outbox_emails")
        .selectAll()
        .where("id", "=", "receipt")
        .executeTakeFirstOrThrow();
      expect(receipt).toMatchObject({ status: "pending", attempts: 0, locked_by: null });
      expect(receipt.next_attempt_at).toBe(clock.now().toISOString());
      expect(woken).toBe(1);
      const audit = await database.db.selectFrom("admin_audit_log").selectAll().execute();
      expect(audit).toMatchObject([
        { actor_email: owner, action: "outbox.resend-uncertain", subject: "receipt" },
      ]);
      expect(await sendUncertainEmailAgain(deps(), { id: "receipt", actor: owner })).toBe(
        "not-uncertain",
      );
      expect(await sendUncertainEmailAgain(deps(), { id: "other-step", actor: owner })).toBe(
        "not-uncertain",
      );
      expect((await outboxCounts(database.db)).uncertain).toBe(2);
      expect(await database.db.selectFrom("admin_audit_log").selectAll().execute()).toHaveLength(1);
    });

    it("dismisses one on the owner's word: sent (owner confirmed), no longer counted, once", async () => {
      expect(await dismissUncertain(deps(), { id: "letter", actor: owner })).toBe("dismissed");
      expect(woken).toBe(0);
      const letter = await database.db
        .selectFrom("outbox_emails")
        .selectAll()
        .where("id", "=", "letter")
        .executeTakeFirstOrThrow();
      expect(letter).toMatchObject({ status: "sent", last_error: "sent (owner confirmed)" });
      expect(letter.sent_at).toBe(letter.uncertain_at);
      expect((await outboxCounts(database.db)).uncertain).toBe(2);
      expect(await needsAttention(database.db)).toMatchObject({ uncertainEmails: 2 });
      expect(await dismissUncertain(deps(), { id: "letter", actor: owner })).toBe("not-uncertain");
      expect(await dismissUncertain(deps(), { id: "other-step", actor: owner })).toBe(
        "not-uncertain",
      );
      const audit = await database.db.selectFrom("admin_audit_log").selectAll().execute();
      expect(audit).toMatchObject([
        { actor_email: owner, action: "outbox.dismiss-uncertain", subject: "letter" },
      ]);
    });
  });
}
