import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "~/.server/core/config";
import {
  dealsOfPerson,
  listDeals,
  moveDeal,
  openDealByHand,
  openDealFromMessage,
  saveDeal,
  sendDueNextSteps,
} from "~/.server/deals";
import { recordContactMessage } from "~/.server/leads/contact-messages";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const owner = "owner@pipeline.test";
const day = 86_400_000;
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const dealFields = {
  title: "Acme sales team",
  interest: "Corporate Training",
  value: "24,000",
  teamSize: "18",
  expectedCloseOn: "2027-01-15",
  nextStep: "Call Dana about dates",
  nextStepDueOn: "2026-11-22",
};

for (const dialect of allDialects) {
  describe(`the pipeline's deals on ${dialect}`, () => {
    let database: TestDatabase;
    // 05:00 on November 21 in the owner's zone (America/Denver, the default).
    const clock = new ManualClock("2026-11-21T12:00:00.000Z");
    const config = parseConfig({
      SITE_URL: "https://presence.example",
      OWNER_EMAIL: "leads@presence.example",
    });
    const deps = () => ({ db: database.db, clock, config, outbox: { wake() {} } });

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(() => database?.dispose());
    beforeEach(async () => {
      for (const table of ["deal_reminders", "deals", "contact_messages", "outbox_emails"] as const)
        await database.db.deleteFrom(table).execute();
    });

    const message = (interest: string, email: string) =>
      recordContactMessage(deps(), {
        firstName: "Dana",
        lastName: "Reyes",
        email,
        company: "Acme",
        interest: interest as "Corporate Training",
        message: "We would like a workshop for our team.",
      });
    const audit = (action: string) =>
      database.db
        .selectFrom("admin_audit_log")
        .select(["actor_email", "subject", "detail"])
        .where("action", "=", action)
        .orderBy("created_at")
        .execute();
    const ownerEmails = () =>
      database.db
        .selectFrom("outbox_emails")
        .select(["to_address", "subject"])
        .where("purpose", "=", "deals.next-step-due")
        .execute();

    it("opens a deal from a message about quoted work, linked to its person and message", async () => {
      const { id: messageId } = await message("Corporate Training", "dana@acme.example");
      await message("Keynote Speaking", "kim@acme.example");
      const { id: generalId } = await message("General Inquiry", "lee@acme.example");

      const deals = await listDeals(database.db, {});
      expect(deals.map((deal) => deal.interest).sort()).toEqual([
        "Corporate Training",
        "Keynote Speaking",
      ]);
      const training = deals.find((deal) => deal.contact_message_id === messageId)!;
      expect(training).toMatchObject({
        title: "Dana Reyes (Acme)",
        stage: "new",
        person_email: "dana@acme.example",
      });
      expect(await dealsOfPerson(database.db, training.person_id!)).toHaveLength(1);

      // A general inquiry opens one only by hand, and only once.
      const opened = await openDealFromMessage(deps(), { messageId: generalId, actor: owner });
      expect(opened.outcome).toBe("opened");
      const again = await openDealFromMessage(deps(), { messageId: generalId, actor: owner });
      expect(again).toEqual({ outcome: "exists", id: (opened as { id: string }).id });
      expect(
        await openDealFromMessage(deps(), { messageId: messageId, actor: owner }),
      ).toMatchObject({ outcome: "exists", id: training.id });
      expect(
        await openDealFromMessage(deps(), { messageId: "no-such-message", actor: owner }),
      ).toEqual({ outcome: "not-found" });
      expect(await listDeals(database.db, {})).toHaveLength(3);
    });

    it("moves a deal through its stages, a lost one with its reason, each move audited", async () => {
      const opened = await openDealByHand(deps(), {
        fields: form({ ...dealFields, email: "Robin@Beta.example" }),
        actor: owner,
      });
      expect(opened.outcome).toBe("saved");
      const id = (opened as { id: string }).id;
      const [deal] = await listDeals(database.db, {});
      expect(deal).toMatchObject({
        value_cents: 2_400_000,
        team_size: 18,
        person_email: "Robin@Beta.example",
      });

      expect(
        await moveDeal(deps(), { id, fields: form({ stage: "qualified" }), actor: owner }),
      ).toMatchObject({ outcome: "moved", stage: "qualified" });
      const noReason = await moveDeal(deps(), {
        id,
        fields: form({ stage: "lost" }),
        actor: owner,
      });
      expect(noReason).toMatchObject({ outcome: "invalid", error: "Say why the deal was lost" });
      const bogus = await moveDeal(deps(), { id, fields: form({ stage: "maybe" }), actor: owner });
      expect(bogus.outcome).toBe("invalid");
      clock.advance(1000);
      await moveDeal(deps(), {
        id,
        fields: form({ stage: "lost", lostReason: "Went with an in-house trainer" }),
        actor: owner,
      });
      expect(await listDeals(database.db, { stage: "lost" })).toMatchObject([
        { id, lost_reason: "Went with an in-house trainer" },
      ]);
      clock.advance(1000);
      await moveDeal(deps(), { id, fields: form({ stage: "proposal-sent" }), actor: owner });
      expect(await listDeals(database.db, { stage: "proposal-sent" })).toMatchObject([
        { id, lost_reason: null },
      ]);
      expect(await listDeals(database.db, { interest: "Keynote Speaking" })).toEqual([]);

      const moves = (await audit("deals.stage-changed")).filter((entry) => entry.subject === id);
      expect(moves.map((entry) => JSON.parse(entry.detail) as unknown)).toEqual([
        { from: "new", to: "qualified" },
        { from: "qualified", to: "lost", reason: "Went with an in-house trainer" },
        { from: "lost", to: "proposal-sent" },
      ]);

      const badValue = await saveDeal(deps(), {
        id,
        fields: form({ ...dealFields, value: "lots", nextStepDueOn: "2026-02-30" }),
        actor: owner,
      });
      expect(badValue).toMatchObject({
        outcome: "invalid",
        fieldErrors: {
          value: ["Value must be an amount in dollars, such as 24000 or 2500.00"],
          nextStepDueOn: ["Due date must be a date (YYYY-MM-DD)"],
        },
      });
      expect(
        await saveDeal(deps(), {
          id,
          fields: form({ ...dealFields, value: "30000" }),
          actor: owner,
        }),
      ).toEqual({ outcome: "saved", id });
      expect((await listDeals(database.db, {}))[0]!.value_cents).toBe(3_000_000);
    });

    it("emails the owner once on a next step's due date, across instances", async () => {
      const opened = await openDealByHand(deps(), { fields: form(dealFields), actor: owner });
      const id = (opened as { id: string }).id;
      const won = await openDealByHand(deps(), {
        fields: form({ ...dealFields, title: "Already won" }),
        actor: owner,
      });
      await moveDeal(deps(), {
        id: (won as { id: string }).id,
        fields: form({ stage: "won" }),
        actor: owner,
      });

      // The day before: nothing.
      expect(await sendDueNextSteps(deps())).toBe(0);
      // 07:00 on the due date in Denver: two instances sweep at once; one email.
      clock.advance(day);
      const swept = await Promise.all([sendDueNextSteps(deps()), sendDueNextSteps(deps())]);
      expect(swept.reduce((sum, queued) => sum + queued, 0)).toBe(1);
      expect(await sendDueNextSteps(deps())).toBe(0);
      expect(await ownerEmails()).toEqual([
        {
          to_address: "leads@presence.example",
          subject: "Due today: Call Dana about dates (Acme sales team)",
        },
      ]);

      // Moved to a later date, the step is due again then, once.
      await saveDeal(deps(), {
        id,
        fields: form({ ...dealFields, nextStepDueOn: "2026-11-25" }),
        actor: owner,
      });
      expect(await sendDueNextSteps(deps())).toBe(0);
      clock.advance(3 * day);
      expect(await sendDueNextSteps(deps())).toBe(1);
      expect(await sendDueNextSteps(deps())).toBe(0);
      expect(await ownerEmails()).toHaveLength(2);
    });
  });
}
