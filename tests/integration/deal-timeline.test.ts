import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rangeReport } from "~/.server/analytics";
import { parseConfig } from "~/.server/core/config";
import {
  addDealNote,
  listDeals,
  loadDealTimeline,
  moveDeal,
  pipelineFigures,
  saveDeal,
  sendDealEmail,
} from "~/.server/deals";
import { recordContactMessage } from "~/.server/leads/contact-messages";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const owner = "owner@pipeline.test";
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const minute = 60_000;

for (const dialect of allDialects) {
  describe(`a deal's timeline and won revenue on ${dialect}`, () => {
    let database: TestDatabase;
    const clock = new ManualClock("2026-11-21T12:00:00.000Z");
    const config = parseConfig({
      SITE_URL: "https://presence.example",
      OWNER_EMAIL: "leads@presence.example",
    });
    let woken = 0;
    const deps = () => ({
      db: database.db,
      clock,
      config,
      outbox: {
        wake() {
          woken += 1;
        },
      },
    });

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(() => database?.dispose());
    beforeEach(async () => {
      for (const table of [
        "deal_notes",
        "deal_emails",
        "deal_stage_changes",
        "deals",
        "contact_messages",
        "outbox_emails",
        "analytics_attributions",
      ] as const)
        await database.db.deleteFrom(table).execute();
    });

    /** A message about corporate training from a visit that came from a LinkedIn campaign. */
    const dealFromCampaign = async () => {
      await recordContactMessage(
        deps(),
        {
          firstName: "Dana",
          lastName: "Reyes",
          email: "dana@acme.example",
          company: "Acme",
          interest: "Corporate Training",
          message: "A workshop for our 18 sellers?",
        },
        {
          landingPath: "/training",
          referrerDomain: "linkedin.com",
          utmSource: "LinkedIn",
          utmMedium: "social",
          utmCampaign: "spring",
          conversionPath: "/contact",
        },
      );
      const [deal] = await listDeals(database.db, {});
      await saveDeal(deps(), {
        id: deal!.id,
        actor: owner,
        fields: form({ title: deal!.title, interest: "Corporate Training", value: "24,000" }),
      });
      return deal!.id;
    };
    const sources = async () =>
      (await rangeReport(database.db, { from: "2026-11-20", to: "2026-11-23" }, "UTC")).tables
        .sources;

    it("lists the inquiry, notes, stage changes and emails newest first, emails from the outbox", async () => {
      const id = await dealFromCampaign();
      clock.advance(minute);
      expect(
        await addDealNote(deps(), { dealId: id, actor: owner, fields: form({ note: " " }) }),
      ).toMatchObject({ outcome: "invalid", error: "Write the note" });
      await addDealNote(deps(), {
        dealId: id,
        actor: owner,
        fields: form({ note: "Dana wants March." }),
      });
      clock.advance(minute);
      await moveDeal(deps(), { id, actor: owner, fields: form({ stage: "qualified" }) });
      clock.advance(minute);
      expect(
        await sendDealEmail(deps(), {
          dealId: id,
          actor: owner,
          fields: form({ subject: "Dates\nBcc: x@evil.example", body: "Hi" }),
        }),
      ).toMatchObject({ outcome: "invalid", error: "The subject must be one line" });
      expect(woken).toBe(0);
      const sent = await sendDealEmail(deps(), {
        dealId: id,
        actor: owner,
        fields: form({ subject: "Dates for March", body: "Hi Dana,\n\nMarch 3 or 10?" }),
      });
      expect(sent.outcome).toBe("queued");
      expect(woken).toBe(1);

      const queued = await database.db
        .selectFrom("outbox_emails")
        .select(["to_address", "reply_to", "subject", "template", "status"])
        .where("purpose", "=", "deals.message")
        .execute();
      expect(queued).toEqual([
        {
          to_address: "dana@acme.example",
          reply_to: "leads@presence.example",
          subject: "Dates for March",
          template: "deal-message",
          status: "pending",
        },
      ]);
      const timeline = await loadDealTimeline(database.db, id);
      expect(timeline.map((entry) => entry.kind)).toEqual(["email", "stage", "note", "inquiry"]);
      expect(timeline[0]!.title).toContain("(waiting to be sent)");
      expect(timeline[1]!.title).toBe(`Moved from New to Qualified by ${owner}`);
      expect(timeline[2]!.detail).toBe("Dana wants March.");
      expect(timeline[3]!.detail).toBe("A workshop for our 18 sellers?");

      await database.db.updateTable("outbox_emails").set({ status: "sent" }).execute();
      expect((await loadDealTimeline(database.db, id))[0]!.title).toContain("(sent)");
      const audited = await database.db
        .selectFrom("admin_audit_log")
        .select("action")
        .where("subject", "=", id)
        .execute();
      expect(audited.map((row) => row.action)).toEqual(
        expect.arrayContaining(["deals.note-added", "deals.email-sent", "deals.stage-changed"]),
      );
    });

    it("counts a won deal's value under its inquiry's source until it leaves won", async () => {
      const id = await dealFromCampaign();
      expect((await sources()).find((row) => row.key === "linkedin")).toMatchObject({
        leads: 1,
        wonDeals: 0,
        revenueCents: 0,
      });

      clock.advance(minute);
      await moveDeal(deps(), { id, actor: owner, fields: form({ stage: "won" }) });
      expect((await sources()).find((row) => row.key === "linkedin")).toMatchObject({
        leads: 1,
        wonDeals: 1,
        revenueCents: 2_400_000,
        dealRevenueCents: 2_400_000,
      });
      const figures = await pipelineFigures(database.db);
      expect(figures.wonBySource).toEqual([{ source: "linkedin", count: 1, cents: 2_400_000 }]);
      expect(figures.wonByInterest).toEqual([
        { interest: "Corporate Training", count: 1, cents: 2_400_000 },
      ]);
      expect(figures.winRate).toEqual({ won: 1, closed: 1, percent: 100 });

      // A new value while won is the revenue, counted once.
      await saveDeal(deps(), {
        id,
        actor: owner,
        fields: form({ title: "Acme", interest: "Corporate Training", value: "30000" }),
      });
      expect((await sources()).find((row) => row.key === "linkedin")?.revenueCents).toBe(3_000_000);

      clock.advance(minute);
      await moveDeal(deps(), {
        id,
        actor: owner,
        fields: form({ stage: "lost", lostReason: "Budget cut" }),
      });
      expect((await sources()).find((row) => row.key === "linkedin")).toMatchObject({
        wonDeals: 0,
        revenueCents: 0,
      });
      const after = await pipelineFigures(database.db);
      expect(after.wonBySource).toEqual([]);
      expect(after.winRate).toEqual({ won: 0, closed: 1, percent: 0 });
      expect((await loadDealTimeline(database.db, id))[0]).toMatchObject({
        kind: "stage",
        title: `Moved from Won to Lost by ${owner}`,
        detail: "Lost because: Budget cut",
      });
    });
  });
}
