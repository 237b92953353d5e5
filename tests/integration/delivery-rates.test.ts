import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { broadcastReport } from "~/.server/broadcasts";
import { recentDeliveryRates } from "~/.server/deliverability";
import { enqueueEmail } from "~/.server/mail";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const now = "2026-12-07T12:00:00.000Z";

for (const dialect of allDialects) {
  describe(`bounce and complaint rates on ${dialect}`, () => {
    let database: TestDatabase;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(async () => {
      await database.dispose();
    });
    beforeEach(async () => {
      for (const table of ["delivery_events", "outbox_emails"] as const)
        await database.db.deleteFrom(table).execute();
    });

    /** `count` emails of one broadcast, sent (accepted by our provider). */
    async function sentEmails(broadcastId: string, count: number) {
      const ids: string[] = [];
      for (let index = 0; index < count; index++)
        ids.push(
          await database.db.transaction().execute((trx) =>
            enqueueEmail(
              trx,
              {
                purpose: "broadcast",
                to: `reader${index}@example.com`,
                from: "Presence <no-reply@presence.example>",
                subject: "Letter",
                text: "Hello",
              },
              { now: new Date(now) },
            ),
          ),
        );
      await database.db
        .updateTable("outbox_emails")
        .set({ broadcast_id: broadcastId, status: "sent", sent_at: now })
        .where("id", "in", ids)
        .execute();
      return ids;
    }

    async function reported(
      email: { id: string; broadcastId: string | null; stepId?: string },
      kind: "bounce" | "complaint",
      bounce: "hard" | "soft" | null,
      occurredAt = now,
    ) {
      await database.db
        .insertInto("delivery_events")
        .values({
          id: crypto.randomUUID(),
          provider: "postmark",
          provider_event_id: crypto.randomUUID(),
          kind,
          bounce,
          email_key: `${email.id}@example.com`,
          person_id: null,
          outbox_email_id: email.id,
          broadcast_id: email.broadcastId,
          sequence_step_id: email.stepId ?? null,
          purpose: "broadcast",
          occurred_at: occurredAt,
          received_at: now,
          detail: "",
          outcome: "recorded",
        })
        .execute();
    }

    it("reports a broadcast's hard and soft bounces and complaints over the emails delivered", async () => {
      const broadcastId = crypto.randomUUID();
      const ids = await sentEmails(broadcastId, 8);
      await reported({ id: ids[0]!, broadcastId }, "bounce", "hard");
      await reported({ id: ids[1]!, broadcastId }, "bounce", "soft");
      await reported({ id: ids[2]!, broadcastId }, "bounce", "soft");
      await reported({ id: ids[3]!, broadcastId }, "complaint", null);
      // Another broadcast's complaint is not this one's.
      await reported({ id: ids[4]!, broadcastId: crypto.randomUUID() }, "complaint", null);
      expect((await broadcastReport(database.db, broadcastId)).afterDelivery).toEqual({
        delivered: 8,
        hardBounces: 1,
        softBounces: 2,
        complaints: 1,
        hardBounceRate: 1 / 8,
        softBounceRate: 2 / 8,
        complaintRate: 1 / 8,
      });
      expect((await broadcastReport(database.db, crypto.randomUUID())).afterDelivery).toEqual({
        delivered: 0,
        hardBounces: 0,
        softBounces: 0,
        complaints: 0,
        hardBounceRate: null,
        softBounceRate: null,
        complaintRate: null,
      });
    });

    it("gives the last 30 days' complaint and hard bounce rates over the emails delivered", async () => {
      const broadcastId = crypto.randomUUID();
      const ids = await sentEmails(broadcastId, 4);
      // One email went out 31 days ago: outside the window, and so is its complaint.
      const old = "2026-11-06T11:00:00.000Z";
      await database.db
        .updateTable("outbox_emails")
        .set({ sent_at: old })
        .where("id", "=", ids[3]!)
        .execute();
      await reported({ id: ids[3]!, broadcastId }, "complaint", null, old);
      await reported({ id: ids[0]!, broadcastId }, "complaint", null);
      await reported({ id: ids[1]!, broadcastId }, "bounce", "hard");
      await reported({ id: ids[2]!, broadcastId }, "bounce", "soft");
      expect(await recentDeliveryRates(database.db, new Date(now))).toEqual({
        days: 30,
        delivered: 3,
        hardBounces: 1,
        complaints: 1,
        bounceRate: 1 / 3,
        complaintRate: 1 / 3,
      });
    });
  });
}
