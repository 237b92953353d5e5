import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { erasePerson } from "~/.server/audience";
import { personDataExport } from "~/.server/audience/people/person-data-export";
import { parseConfig } from "~/.server/core/config";
import { issueFormToken } from "~/.server/core/spam-traps";
import {
  acceptProposal,
  listDeals,
  listProposals,
  loadDealTimeline,
  saveProposal,
  sendProposal,
  viewProposal,
} from "~/.server/deals";
import { recordContactMessage } from "~/.server/leads/contact-messages";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const owner = "owner@pipeline.test";
const proposalFields = (overrides: Record<string, string> = {}) => {
  const form = new URLSearchParams({
    program: "Presence-based selling, three days",
    teamSize: "14",
    startsOn: "2027-02-01",
    endsOn: "2027-02-03",
    terms: "Half on acceptance, half on the first day.",
    validUntil: "2026-12-01",
    deposit: "12,750",
    ...overrides,
  });
  for (const [label, amount] of [
    ["Three-day workshop", "24,000"],
    ["Travel", "1500.00"],
    ["", ""],
  ]) {
    form.append("lineLabel", label!);
    form.append("lineAmount", amount!);
  }
  return form;
};
const acceptance = {
  name: "Dana Reyes",
  title: "VP Sales",
  acceptedOn: "2026-11-22",
  terms: "yes",
};

for (const dialect of allDialects) {
  describe(`proposals on deals on ${dialect}`, () => {
    let database: TestDatabase;
    // 05:00 on November 21 in the owner's zone (America/Denver, the default).
    const clock = new ManualClock("2026-11-21T12:00:00.000Z");
    const config = parseConfig({
      SITE_URL: "https://presence.example",
      OWNER_EMAIL: "leads@presence.example",
      CONTACT_MIN_FILL_SECONDS: "3",
    });
    const deps = () => ({ db: database.db, clock, config, outbox: { wake() {} } });
    /** A form token handed out a minute ago: the time trap passes. */
    const traps = () => ({
      honeypot: "",
      formToken: issueFormToken(deps(), { startedMsAgo: 60_000 }),
    });

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(() => database?.dispose());
    beforeEach(async () => {
      clock.set("2026-11-21T12:00:00.000Z");
      for (const table of [
        "deal_proposals",
        "deal_reminders",
        "deals",
        "contact_messages",
        "outbox_emails",
        "admin_audit_log",
        "rate_limit_windows",
      ] as const)
        await database.db.deleteFrom(table).execute();
    });

    /** A deal opened by a Corporate Training message from dana@acme.example. */
    async function openDeal() {
      await recordContactMessage(deps(), {
        firstName: "Dana",
        lastName: "Reyes",
        email: "dana@acme.example",
        company: "Acme",
        interest: "Corporate Training",
        message: "We would like a workshop for our team.",
      });
      const [deal] = await listDeals(database.db, {});
      return deal!;
    }
    const save = async (dealId: string, overrides: Record<string, string> = {}) => {
      const saved = await saveProposal(deps(), {
        dealId,
        fields: proposalFields(overrides),
        actor: owner,
      });
      if (saved.outcome !== "saved") throw new Error(JSON.stringify(saved));
      return saved;
    };
    /** The link's token in the latest proposal email to the client. */
    const sentToken = async () => {
      const email = await database.db
        .selectFrom("outbox_emails")
        .select(["to_address", "template_data"])
        .where("purpose", "=", "deals.proposal-sent")
        .orderBy("created_at", "desc")
        .executeTakeFirstOrThrow();
      expect(email.to_address).toBe("dana@acme.example");
      const url = (JSON.parse(email.template_data!) as { proposalUrl: string }).proposalUrl;
      expect(url).toMatch(/^https:\/\/presence\.example\/proposals\//);
      return url.split("/").at(-1)!;
    };
    const stage = async (id: string) =>
      (
        await database.db
          .selectFrom("deals")
          .select("stage")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).stage;
    const accept = (token: string, fields: Record<string, string> = acceptance) =>
      acceptProposal(deps(), { token, fields, traps: traps(), clientAddress: "203.0.113.9" });

    it("keeps every saved version, newest first, and refuses a template it cannot use", async () => {
      const deal = await openDeal();
      await save(deal.id);
      clock.advance(60_000);
      const second = await save(deal.id, { program: "Presence-based selling, two days" });
      expect(second.version).toBe(2);
      const versions = await listProposals(deps(), deal.id);
      expect(versions.map((version) => [version.version, version.program, version.state])).toEqual([
        [2, "Presence-based selling, two days", "draft"],
        [1, "Presence-based selling, three days", "draft"],
      ]);
      expect(versions[0]!.totalCents).toBe(2_550_000);
      expect(versions[0]!.depositCents).toBe(1_275_000);

      const refused = await saveProposal(deps(), {
        dealId: deal.id,
        fields: proposalFields({ deposit: "90,000", validUntil: "soon" }),
        actor: owner,
      });
      expect(refused).toMatchObject({ outcome: "invalid" });
      expect(Object.keys((refused as { fieldErrors: object }).fieldErrors).sort()).toEqual([
        "deposit",
        "validUntil",
      ]);
      const halfLine = proposalFields();
      halfLine.set("lineAmount", "");
      expect(
        await saveProposal(deps(), { dealId: deal.id, fields: halfLine, actor: owner }),
      ).toMatchObject({ outcome: "invalid", error: "Each price line needs an amount" });
      expect(await listProposals(deps(), deal.id)).toHaveLength(2);
      expect(
        await saveProposal(deps(), {
          dealId: "no-such-deal",
          fields: proposalFields(),
          actor: owner,
        }),
      ).toEqual({ outcome: "not-found" });
    });

    it("sends through the outbox with a signed link, moves the deal, counts views, accepts once", async () => {
      const deal = await openDeal();
      const { id } = await save(deal.id);
      expect(await sendProposal(deps(), { dealId: deal.id, proposalId: id, actor: owner })).toEqual(
        {
          outcome: "sent",
          to: "dana@acme.example",
        },
      );
      expect(await stage(deal.id)).toBe("proposal-sent");
      const token = await sentToken();

      clock.advance(60_000);
      const page = await viewProposal(deps(), token);
      expect(page).toMatchObject({ state: "sent", today: "2026-11-21" });
      await viewProposal(deps(), token);
      const [listed] = await listProposals(deps(), deal.id);
      expect(listed).toMatchObject({ viewCount: 2, firstViewedAt: "2026-11-21T12:01:00.000Z" });

      // Refused fields change nothing and say why.
      const refused = await accept(token, { ...acceptance, terms: "" });
      expect(refused).toMatchObject({
        outcome: "invalid",
        error: "Tick the box to accept the terms",
      });
      expect(await stage(deal.id)).toBe("proposal-sent");

      clock.advance(60_000);
      expect(await accept(token)).toEqual({ outcome: "accepted" });
      expect(await stage(deal.id)).toBe("won");
      const row = await database.db
        .selectFrom("deal_proposals")
        .select([
          "accepted_at",
          "accepted_name",
          "accepted_title",
          "accepted_on",
          "accepted_address",
        ])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        accepted_at: "2026-11-21T12:02:00.000Z",
        accepted_name: "Dana Reyes",
        accepted_title: "VP Sales",
        accepted_on: "2026-11-22",
        accepted_address: "203.0.113.9",
      });
      const emails = await database.db
        .selectFrom("outbox_emails")
        .select(["purpose", "to_address"])
        .where("purpose", "like", "deals.proposal-accepted%")
        .orderBy("purpose")
        .execute();
      expect(emails).toEqual([
        { purpose: "deals.proposal-accepted", to_address: "leads@presence.example" },
        { purpose: "deals.proposal-accepted-copy", to_address: "dana@acme.example" },
      ]);
      const audit = await database.db
        .selectFrom("admin_audit_log")
        .select(["action", "subject", "detail"])
        .where("action", "in", ["deals.proposal-accepted", "deals.stage-changed"])
        .execute();
      const entries = audit.map((entry) => [entry.action, JSON.parse(entry.detail!)]);
      expect(entries).toHaveLength(3);
      expect(entries).toEqual(
        expect.arrayContaining([
          ["deals.stage-changed", { from: "new", to: "proposal-sent" }],
          [
            "deals.proposal-accepted",
            expect.objectContaining({ version: 1, name: "Dana Reyes", address: "203.0.113.9" }),
          ],
          ["deals.stage-changed", { from: "proposal-sent", to: "won" }],
        ]),
      );

      // Once: a second press finds it accepted, and sends nothing more.
      expect(await accept(token)).toEqual({ outcome: "closed", state: "accepted" });
      expect(await viewProposal(deps(), token)).toMatchObject({ state: "accepted" });
      // On the deal's timeline, newest first, among its stage changes.
      const timeline = (await loadDealTimeline(database.db, deal.id)).filter((entry) =>
        entry.kind.startsWith("proposal-"),
      );
      expect(timeline.map((entry) => entry.kind)).toEqual([
        "proposal-accepted",
        "proposal-viewed",
        "proposal-sent",
      ]);
      expect(timeline[1]!.detail).toBe("3 views in all");
    });

    it("says an expired proposal is expired, and neither sends nor accepts it", async () => {
      const deal = await openDeal();
      const { id } = await save(deal.id, { validUntil: "2026-11-25" });
      await sendProposal(deps(), { dealId: deal.id, proposalId: id, actor: owner });
      const token = await sentToken();
      // November 25 in Denver ends at 07:00 UTC on the 26th.
      clock.set("2026-11-26T06:59:00.000Z");
      expect(await viewProposal(deps(), token)).toMatchObject({ state: "sent" });
      clock.set("2026-11-26T07:01:00.000Z");
      expect(await viewProposal(deps(), token)).toMatchObject({ state: "expired" });
      expect(await accept(token)).toEqual({ outcome: "closed", state: "expired" });
      expect(
        await sendProposal(deps(), { dealId: deal.id, proposalId: id, actor: owner }),
      ).toMatchObject({ outcome: "refused" });
      expect(await stage(deal.id)).toBe("proposal-sent");
    });

    it("supersedes a sent version once a later one is sent", async () => {
      const deal = await openDeal();
      const first = await save(deal.id);
      await sendProposal(deps(), { dealId: deal.id, proposalId: first.id, actor: owner });
      const firstToken = await sentToken();
      clock.advance(60_000);
      const second = await save(deal.id, { program: "Two days" });
      // Saved but not sent: the first is still the one on offer.
      expect(await viewProposal(deps(), firstToken)).toMatchObject({ state: "sent" });
      clock.advance(60_000);
      await sendProposal(deps(), { dealId: deal.id, proposalId: second.id, actor: owner });
      const secondToken = await sentToken();
      expect(secondToken).not.toBe(firstToken);

      expect(await viewProposal(deps(), firstToken)).toMatchObject({ state: "superseded" });
      expect(await accept(firstToken)).toEqual({ outcome: "closed", state: "superseded" });
      expect(
        await sendProposal(deps(), { dealId: deal.id, proposalId: first.id, actor: owner }),
      ).toMatchObject({ outcome: "refused" });
      expect(await accept(secondToken)).toEqual({ outcome: "accepted" });
      expect((await listProposals(deps(), deal.id)).map((version) => version.state)).toEqual([
        "accepted",
        "superseded",
      ]);
    });

    it("knows no proposal for a forged link or an unsent draft", async () => {
      const deal = await openDeal();
      await save(deal.id);
      expect(await viewProposal(deps(), "forged.token")).toEqual({ state: "invalid" });
      expect(await accept("forged.token")).toEqual({ outcome: "invalid" });
    });

    it("drops a post that trips a spam trap, keeping nothing", async () => {
      const deal = await openDeal();
      const { id } = await save(deal.id);
      await sendProposal(deps(), { dealId: deal.id, proposalId: id, actor: owner });
      const token = await sentToken();
      const dropped = await acceptProposal(deps(), {
        token,
        fields: acceptance,
        traps: { honeypot: "buy now", formToken: issueFormToken(deps(), { startedMsAgo: 60_000 }) },
        clientAddress: "203.0.113.9",
      });
      expect(dropped).toEqual({ outcome: "discarded" });
      expect(await stage(deal.id)).toBe("proposal-sent");
    });

    it("exports a person's proposals and erases them with their deals", async () => {
      const deal = await openDeal();
      const { id } = await save(deal.id);
      await save(deal.id);
      await sendProposal(deps(), { dealId: deal.id, proposalId: id, actor: owner });
      const token = await sentToken();
      await accept(token);
      const personId = deal.person_id!;
      const record = (await personDataExport(database.db, personId))!;
      expect(record.proposals.map((proposal) => proposal.version)).toEqual([1, 2]);
      expect(record.proposals[0]!.accepted_name).toBe("Dana Reyes");

      expect(await erasePerson(deps(), { personId, actor: owner })).toBe("erased");
      expect(await database.db.selectFrom("deal_proposals").selectAll().execute()).toEqual([]);
      expect(await viewProposal(deps(), token)).toEqual({ state: "invalid" });
      const accepted = await database.db
        .selectFrom("admin_audit_log")
        .select("detail")
        .where("action", "=", "deals.proposal-accepted")
        .executeTakeFirstOrThrow();
      expect(accepted.detail).not.toContain("Dana");
    });
  });
}
