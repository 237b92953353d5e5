import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { erasePerson } from "~/.server/audience";
import { personDataExport } from "~/.server/audience/people/person-data-export";
import { parseConfig, type AppConfig } from "~/.server/core/config";
import { issueFormToken } from "~/.server/core/spam-traps";
import {
  acceptProposal,
  listDeals,
  listProposals,
  loadDealTimeline,
  saveProposal,
  sendProposal,
  settleDepositReturn,
  startDepositPayment,
  viewProposal,
} from "~/.server/deals";
import { recordContactMessage } from "~/.server/leads/contact-messages";
import { action as stripeWebhook } from "~/routes/functions.v1.stripe-webhook";
import {
  checkoutContext,
  refundedCharge,
  signedEvent,
  WEBHOOK_SECRET,
  webhookRequest,
} from "../../support/checkout-context";
import { ManualClock } from "../../support/manual-clock";
import { startStripeFake, type StripeFake } from "../../support/stripe-fake";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const owner = "leads@presence.example";

function settings(stripeBase: string): AppConfig {
  return parseConfig({
    SITE_URL: "https://presence.example",
    OWNER_EMAIL: owner,
    CONTACT_MIN_FILL_SECONDS: "3",
    STRIPE_SECRET_KEY: "sk_test_x",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripeBase,
    CHECKOUT_RATE_LIMIT: "0",
  });
}

function proposalFields(overrides: Record<string, string> = {}) {
  const form = new URLSearchParams({
    program: "Presence-based selling, three days",
    teamSize: "14",
    startsOn: "2027-02-01",
    endsOn: "2027-02-03",
    terms: "Half on acceptance, half on the first day.",
    validUntil: "2026-12-31",
    deposit: "12,750",
    ...overrides,
  });
  form.append("lineLabel", "Three-day workshop");
  form.append("lineAmount", "25,500");
  return form;
}

for (const dialect of allDialects) {
  describe(`a proposal's deposit on ${dialect}`, () => {
    let database: TestDatabase;
    let fake: StripeFake;
    let config: AppConfig;
    let context: Awaited<ReturnType<typeof checkoutContext>>;
    const clock = new ManualClock("2026-11-21T12:00:00.000Z");

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      fake = await startStripeFake();
      config = settings(fake.url);
    });
    afterAll(async () => {
      await fake.close();
      await database.dispose();
    });
    beforeEach(async () => {
      clock.set("2026-11-21T12:00:00.000Z");
      for (const table of [
        "deal_proposals",
        "deal_stage_changes",
        "deal_reminders",
        "deals",
        "contact_messages",
        "outbox_emails",
        "admin_audit_log",
        "rate_limit_windows",
        "stripe_events",
      ] as const)
        await database.db.deleteFrom(table).execute();
      fake.requests.length = 0;
      fake.sessions.clear();
      fake.refunds.clear();
      context = await checkoutContext(config, database.db, clock);
    });

    const paying = () => ({ ...context, stripe: context.stripe! });
    const press = (token: string) =>
      startDepositPayment(paying(), { token, clientAddress: "203.0.113.9" });
    const sessionIdOf = (url: string) => /\/c\/pay\/(cs_test_\w+)$/.exec(url)![1]!;

    async function deliver(type: string, object: unknown, id?: string) {
      const event = signedEvent(type, object, id ? { id } : {});
      const response = (await stripeWebhook({
        request: webhookRequest(event),
        context,
        params: {},
      } as never)) as Response;
      expect(response.status).toBe(200);
      return ((await response.json()) as { outcome: string }).outcome;
    }

    /** A deal with version 1 sent (and accepted unless told), asking a $12,750 deposit. */
    async function sentProposal({ accepted = true, deposit = "12,750" } = {}) {
      await recordContactMessage(context, {
        firstName: "Dana",
        lastName: "Reyes",
        email: "dana@acme.example",
        company: "Acme",
        interest: "Corporate Training",
        message: "We would like a workshop for our team.",
      });
      const [deal] = await listDeals(database.db, {});
      const saved = await saveProposal(context, {
        dealId: deal!.id,
        fields: proposalFields({ deposit }),
        actor: owner,
      });
      if (saved.outcome !== "saved") throw new Error(JSON.stringify(saved));
      await sendProposal(context, { dealId: deal!.id, proposalId: saved.id, actor: owner });
      const email = await database.db
        .selectFrom("outbox_emails")
        .select("template_data")
        .where("purpose", "=", "deals.proposal-sent")
        .executeTakeFirstOrThrow();
      const url = (JSON.parse(email.template_data!) as { proposalUrl: string }).proposalUrl;
      const token = url.split("/").at(-1)!;
      if (accepted) {
        const outcome = await acceptProposal(context, {
          token,
          fields: { name: "Dana Reyes", title: "VP Sales", acceptedOn: "2026-11-21", terms: "yes" },
          traps: {
            honeypot: "",
            formToken: issueFormToken(context, { startedMsAgo: 60_000 }),
          },
          clientAddress: "203.0.113.9",
        });
        expect(outcome.outcome).toBe("accepted");
      }
      return { deal: deal!, proposalId: saved.id, token };
    }

    const depositEmails = () =>
      database.db
        .selectFrom("outbox_emails")
        .select(["purpose", "to_address", "template_data"])
        .where("purpose", "in", ["deals.deposit-paid", "deals.deposit-receipt"])
        .orderBy("purpose")
        .execute();
    const depositAudits = () =>
      database.db
        .selectFrom("admin_audit_log")
        .select(["subject", "detail"])
        .where("action", "=", "deals.deposit-paid")
        .execute();
    const depositRow = (id: string) =>
      database.db
        .selectFrom("deal_proposals")
        .select([
          "deposit_session_id",
          "deposit_session_opened_at",
          "deposit_paid_at",
          "deposit_paid_cents",
          "deposit_payment_intent_id",
        ])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
    const openSessions = () =>
      [...fake.sessions.values()].filter((session) => session.status === "open");

    it("opens one Checkout for exactly the deposit, and the webhook marks it paid once", async () => {
      const { deal, proposalId, token } = await sentProposal();
      const page = await viewProposal(context, token);
      expect(page.state === "accepted" && page.deposit).toEqual({ state: "due", cents: 1_275_000 });

      const opened = await press(token);
      if (opened.outcome !== "opened") throw new Error(JSON.stringify(opened));
      const session = fake.sessions.get(sessionIdOf(opened.url))!;
      expect(session.amount_total).toBe(1_275_000);
      expect(session.mode).toBe("payment");
      expect(session.metadata).toEqual({ deal_deposit_for: proposalId, deal_id: deal.id });
      expect(session.customer_email).toBe("dana@acme.example");
      expect(session.success_url).toBe(
        `https://presence.example/proposals/${token}?deposit_session={CHECKOUT_SESSION_ID}`,
      );
      // A second press while it is open goes back to the same session.
      expect(await press(token)).toEqual(opened);
      expect(fake.sessions.size).toBe(1);
      const [listed] = await listProposals(context, deal.id);
      expect(listed!.depositCheckoutOpenedAt).toBe("2026-11-21T12:00:00.000Z");
      expect(listed!.depositPaidAt).toBeNull();

      clock.set("2026-11-22T18:30:00.000Z");
      const paid = fake.completeSession(session.id);
      const eventId = "evt_deposit_paid";
      expect(await deliver("checkout.session.completed", paid, eventId)).toBe("deposit-paid");
      expect(context.wakes).toBeGreaterThan(0);

      expect(await depositRow(proposalId)).toEqual({
        deposit_session_id: session.id,
        deposit_session_opened_at: "2026-11-21T12:00:00.000Z",
        deposit_paid_at: "2026-11-22T18:30:00.000Z",
        deposit_paid_cents: 1_275_000,
        deposit_payment_intent_id: paid.payment_intent,
      });
      const after = await viewProposal(context, token);
      expect(after.state === "accepted" && after.deposit).toEqual({
        state: "paid",
        cents: 1_275_000,
        paidOn: "2026-11-22",
        refunded: null,
      });
      const [summary] = await listProposals(context, deal.id);
      expect(summary!.depositPaidAt).toBe("2026-11-22T18:30:00.000Z");
      expect(summary!.depositCheckoutOpenedAt).toBeNull();
      const timeline = await loadDealTimeline(database.db, deal.id);
      expect(timeline[0]).toMatchObject({
        kind: "deposit-paid",
        title: "Deposit of $12,750.00 paid",
        at: "2026-11-22T18:30:00.000Z",
      });
      const audits = await depositAudits();
      expect(audits).toHaveLength(1);
      expect(audits[0]!.subject).toBe(deal.id);
      expect(JSON.parse(audits[0]!.detail)).toMatchObject({
        proposal: proposalId,
        amountCents: 1_275_000,
        session: session.id,
      });
      const emails = await depositEmails();
      expect(emails.map((email) => [email.purpose, email.to_address])).toEqual([
        ["deals.deposit-paid", owner],
        ["deals.deposit-receipt", "dana@acme.example"],
      ]);
      expect(JSON.parse(emails[1]!.template_data!)).toMatchObject({
        amount: "$12,750.00",
        paidOn: "2026-11-22",
        link: `https://presence.example/proposals/${token}`,
      });

      // The same event again, the same payment under another event id, a late `expired`, the
      // return page, another press: nothing changes twice.
      const before = await depositRow(proposalId);
      expect(await deliver("checkout.session.completed", paid, eventId)).toBe("duplicate");
      expect(await deliver("checkout.session.async_payment_succeeded", paid)).toBe("ignored");
      expect(await deliver("checkout.session.expired", { ...paid, status: "expired" })).toBe(
        "ignored",
      );
      await settleDepositReturn(paying(), {
        token,
        sessionId: session.id,
        clientAddress: "203.0.113.9",
      });
      expect(await press(token)).toEqual({ outcome: "not-due" });
      expect(await depositRow(proposalId)).toEqual(before);
      expect(await depositEmails()).toHaveLength(2);
      expect(await depositAudits()).toHaveLength(1);
      expect(fake.refunds.size).toBe(0);
      expect(fake.sessions.size).toBe(1);
    });

    it("still records a payment whose completed event comes after its expired one", async () => {
      const { proposalId, token } = await sentProposal();
      const opened = await press(token);
      if (opened.outcome !== "opened") throw new Error(JSON.stringify(opened));
      const id = sessionIdOf(opened.url);
      const paid = { ...fake.completeSession(id) };
      expect(await deliver("checkout.session.expired", { ...paid, status: "expired" })).toBe(
        "deposit-session-expired",
      );
      expect((await depositRow(proposalId)).deposit_session_id).toBeNull();
      expect(await deliver("checkout.session.completed", paid)).toBe("deposit-paid");
      expect(await depositRow(proposalId)).toMatchObject({
        deposit_session_id: id,
        deposit_paid_cents: 1_275_000,
      });
      expect(await depositEmails()).toHaveLength(2);
    });

    it("opens a new session once the last lapsed, never two open at once", async () => {
      const { proposalId, token } = await sentProposal();
      // Two presses at once, both past their read when Stripe makes their sessions: one session
      // stays open, and both are sent to it.
      fake.holdSessionCreates(2);
      const [first, second] = await Promise.all([press(token), press(token)]);
      if (first.outcome !== "opened" || second.outcome !== "opened")
        throw new Error(JSON.stringify([first, second]));
      expect(first.url).toBe(second.url);
      expect(fake.sessions.size).toBe(2);
      expect(openSessions().map((session) => session.id)).toEqual([sessionIdOf(first.url)]);

      // Lapsed at Stripe, its webhook not come: the press asks Stripe and opens another.
      fake.expireSession(sessionIdOf(first.url));
      const again = await press(token);
      if (again.outcome !== "opened") throw new Error(JSON.stringify(again));
      expect(again.url).not.toBe(first.url);
      expect(openSessions().map((session) => session.id)).toEqual([sessionIdOf(again.url)]);
      expect((await depositRow(proposalId)).deposit_session_id).toBe(sessionIdOf(again.url));
      // The old session's late `expired` leaves the new one in place.
      const old = fake.sessions.get(sessionIdOf(first.url))!;
      expect(await deliver("checkout.session.expired", old)).toBe("ignored");
      expect((await depositRow(proposalId)).deposit_session_id).toBe(sessionIdOf(again.url));
    });

    it("records a paid session whose webhook is late when the client presses again", async () => {
      const { proposalId, token } = await sentProposal();
      const opened = await press(token);
      if (opened.outcome !== "opened") throw new Error(JSON.stringify(opened));
      const paid = { ...fake.completeSession(sessionIdOf(opened.url)) };
      expect(await press(token)).toEqual({ outcome: "paid" });
      expect(fake.sessions.size).toBe(1);
      expect((await depositRow(proposalId)).deposit_paid_cents).toBe(1_275_000);
      expect(await deliver("checkout.session.completed", paid)).toBe("ignored");
      expect(await depositEmails()).toHaveLength(2);
    });

    it("records a paid session on the return page before its webhook comes", async () => {
      const { proposalId, token } = await sentProposal();
      const opened = await press(token);
      if (opened.outcome !== "opened") throw new Error(JSON.stringify(opened));
      const id = sessionIdOf(opened.url);
      // Another proposal's link does not settle this session.
      await settleDepositReturn(paying(), { token: "forged", sessionId: id, clientAddress: "x" });
      const paid = { ...fake.completeSession(id) };
      await settleDepositReturn(paying(), { token, sessionId: id, clientAddress: "203.0.113.9" });
      expect((await depositRow(proposalId)).deposit_paid_cents).toBe(1_275_000);
      expect(await deliver("checkout.session.completed", paid)).toBe("ignored");
      expect(await depositEmails()).toHaveLength(2);
    });

    it("refunds a second session paid for a deposit already paid", async () => {
      const { proposalId, token } = await sentProposal();
      const opened = await press(token);
      if (opened.outcome !== "opened") throw new Error(JSON.stringify(opened));
      expect(
        await deliver("checkout.session.completed", fake.completeSession(sessionIdOf(opened.url))),
      ).toBe("deposit-paid");
      // A session made outside the page (by hand in Stripe's dashboard, say) naming the deposit.
      const stray = await context.stripe!.checkout.sessions.create({
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: { currency: "usd", unit_amount: 1_275_000, product_data: { name: "x" } },
          },
        ],
        success_url: "https://presence.example/",
        metadata: { deal_deposit_for: proposalId },
      });
      const strayPaid = fake.completeSession(stray.id);
      expect(await deliver("checkout.session.completed", strayPaid)).toBe(
        "second-payment-refunded",
      );
      expect([...fake.refunds.values()].map((refund) => refund.payment_intent)).toEqual([
        strayPaid.payment_intent,
      ]);
      expect((await depositRow(proposalId)).deposit_payment_intent_id).not.toBe(
        strayPaid.payment_intent,
      );
      expect(await depositEmails()).toHaveLength(2);
    });

    it("records a refund made in Stripe once, on the page, the deal and the timeline", async () => {
      const { deal, proposalId, token } = await sentProposal();
      const opened = await press(token);
      if (opened.outcome !== "opened") throw new Error(JSON.stringify(opened));
      const paid = fake.completeSession(sessionIdOf(opened.url));
      await deliver("checkout.session.completed", paid);
      clock.set("2026-11-25T17:00:00.000Z");
      const partly = refundedCharge(paid, { full: false });
      expect(await deliver("charge.refunded", partly)).toBe("deposit-refund-recorded");
      // The same total heard again, under another event id: nothing new.
      expect(await deliver("charge.refunded", partly)).toBe("ignored");
      expect(await deliver("charge.refunded", refundedCharge(paid))).toBe(
        "deposit-refund-recorded",
      );
      expect(await depositRow(proposalId)).toMatchObject({ deposit_paid_cents: 1_275_000 });
      const page = await viewProposal(context, token);
      expect(page.state === "accepted" && page.deposit).toMatchObject({
        state: "paid",
        refunded: { cents: 1_275_000, on: "2026-11-25" },
      });
      const [summary] = await listProposals(context, deal.id);
      expect(summary!.depositRefundedCents).toBe(1_275_000);
      const timeline = await loadDealTimeline(database.db, deal.id);
      expect(timeline.find((entry) => entry.kind === "deposit-refunded")?.title).toBe(
        "Deposit: $12,750.00 refunded in Stripe",
      );
      const audits = await database.db
        .selectFrom("admin_audit_log")
        .select("detail")
        .where("action", "=", "deals.deposit-refunded")
        .execute();
      expect(audits.map((audit) => JSON.parse(audit.detail).refundedCents)).toEqual([
        100, 1_275_000,
      ]);
      // A refund of some other payment is not the deposit's.
      const other = refundedCharge({ ...paid, payment_intent: "pi_someone_else" });
      expect(await deliver("charge.refunded", other)).not.toBe("deposit-refund-recorded");
      expect(await press(token)).toEqual({ outcome: "not-due" });
    });

    it("asks nothing before acceptance or when the proposal asks no deposit", async () => {
      const { token } = await sentProposal({ accepted: false });
      const page = await viewProposal(context, token);
      expect(page.state === "sent" && page.deposit).toEqual({ state: "none" });
      expect(await press(token)).toEqual({ outcome: "not-due" });
      expect(await press("not-a-token")).toEqual({ outcome: "invalid" });
      expect(fake.sessions.size).toBe(0);

      await database.db.deleteFrom("outbox_emails").execute();
      await database.db.deleteFrom("deal_proposals").execute();
      await database.db.deleteFrom("deals").execute();
      const none = await sentProposal({ deposit: "" });
      const accepted = await viewProposal(context, none.token);
      expect(accepted.state === "accepted" && accepted.deposit).toEqual({ state: "none" });
      expect(await press(none.token)).toEqual({ outcome: "not-due" });
      expect(fake.sessions.size).toBe(0);
    });

    it("exports the deposit with the proposal and erases it with the person", async () => {
      const { deal, token } = await sentProposal();
      const opened = await press(token);
      if (opened.outcome !== "opened") throw new Error(JSON.stringify(opened));
      await deliver("checkout.session.completed", fake.completeSession(sessionIdOf(opened.url)));
      const personId = deal.person_id!;
      const record = (await personDataExport(database.db, personId))!;
      expect(record.proposals[0]).toMatchObject({
        deposit_cents: 1_275_000,
        deposit_paid_cents: 1_275_000,
        deposit_session_id: sessionIdOf(opened.url),
      });
      expect(record.proposals[0]!.deposit_paid_at).toBeTruthy();
      expect(await erasePerson(context, { personId, actor: owner })).toBe("erased");
      expect(await database.db.selectFrom("deal_proposals").selectAll().execute()).toEqual([]);
      const audit = await depositAudits();
      expect(audit[0]!.detail).not.toContain("dana");
    });
  });
}
