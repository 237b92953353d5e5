import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtServerLinkSecret } from "../../support/built-server";
import { signedEvent } from "../../support/checkout-context";
import { consolePublisher } from "../../support/console-publisher";
import { builtServerFormToken } from "../../support/form-token";
import {
  startSiteWithStripeFake,
  type SiteWithStripeFake,
} from "../../support/site-with-stripe-fake";
import { sentProposal } from "../../support/sent-proposal";
import { httpDialects } from "../../support/test-databases";

const owner = "owner@deposit-http.test";

/**
 * Issue 51 point 3 over HTTP: the accepted proposal's page opens one Stripe Checkout for its
 * deposit (through the Stripe fake), the signed webhook marks it paid once, and the client's page
 * and the deal's page in the console say so.
 */
for (const dialect of httpDialects) {
  describe(`a proposal's deposit over HTTP on ${dialect}`, () => {
    let site: SiteWithStripeFake;
    let publicPath: string;
    let dealId: string;

    beforeAll(async () => {
      site = await startSiteWithStripeFake(dialect, {
        env: { ADMIN_EMAILS: owner, CONTACT_MIN_FILL_SECONDS: "0" },
      });
      ({ dealId, publicPath } = await sentProposal(site.database.db, { owner }));
    }, 120_000);
    afterAll(async () => {
      await site?.stop();
    });

    const post = (pathname: string, form: Record<string, string>) =>
      fetch(`${site.server.baseURL}${pathname}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: site.server.baseURL,
        },
        body: new URLSearchParams(form),
      });
    const page = async () => (await fetch(`${site.server.baseURL}${publicPath}`)).text();
    /** What a page reads as, its markup and React's text separators taken out. */
    const words = (html: string) => html.replace(/<[^>]+>/g, "");
    const webhook = (event: { payload: string; header: string }) =>
      fetch(`${site.server.baseURL}/functions/v1/stripe-webhook`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": event.header },
        body: event.payload,
      });

    it("takes the deposit through one Checkout and the signed webhook, once", async () => {
      // No button before acceptance.
      expect(await page()).not.toContain("Pay the");
      const accepted = await post(publicPath, {
        formToken: builtServerFormToken(builtServerLinkSecret),
        hp_comment: "",
        name: "Ada Park",
        title: "VP Sales",
        acceptedOn: "2099-01-05",
        terms: "yes",
      });
      expect(accepted.status).toBe(200);
      const html = await accepted.text();
      expect(html).toContain("Accepted, thank you");
      expect(html).toContain("Pay the $12,750.00 deposit");
      // Every later visit of the link offers it too.
      expect(await page()).toContain("Pay the $12,750.00 deposit");

      const pressed = await post(publicPath, { intent: "deposit" });
      expect(pressed.status).toBe(303);
      const location = pressed.headers.get("Location")!;
      expect(location).toMatch(/\/c\/pay\/cs_test_\w+$/);
      const sessionId = location.split("/").at(-1)!;
      const session = site.fake.sessions.get(sessionId)!;
      expect(session.amount_total).toBe(1_275_000);
      expect(session.metadata).toMatchObject({ deal_id: dealId });
      const again = await post(publicPath, { intent: "deposit" });
      expect(again.status).toBe(303);
      expect(again.headers.get("Location")).toBe(location);
      expect(site.fake.sessions.size).toBe(1);

      const paid = site.fake.completeSession(sessionId);
      const event = signedEvent("checkout.session.completed", paid, { secret: "whsec_x" });
      const delivered = await webhook(event);
      expect(delivered.status).toBe(200);
      expect(await delivered.json()).toEqual({ received: true, outcome: "deposit-paid" });
      const replayed = await webhook(event);
      expect(await replayed.json()).toEqual({ received: true, outcome: "duplicate" });
      const forged = await webhook({
        ...event,
        header: signedEvent("checkout.session.completed", paid, { secret: "whsec_other" }).header,
      });
      expect(forged.status).toBe(400);

      const after = await page();
      expect(words(after)).toMatch(/Deposit paid on \d{4}-\d{2}-\d{2}, thank you/);
      expect(after).not.toContain("Pay the");
      const late = await post(publicPath, { intent: "deposit" });
      expect(late.status).toBe(409);
      // Already paid: the answer is the page saying so.
      expect(words(await late.text())).toMatch(/Deposit paid on \d{4}-\d{2}-\d{2}, thank you/);

      const emails = await site.database.db
        .selectFrom("outbox_emails")
        .select(["purpose", "to_address"])
        .where("purpose", "like", "deals.deposit-%")
        .orderBy("purpose")
        .execute();
      expect(emails).toEqual([
        { purpose: "deals.deposit-paid", to_address: expect.any(String) },
        { purpose: "deals.deposit-receipt", to_address: "ada@northwind.example" },
      ]);

      // The deal's page in the console shows it paid, with its timeline entry.
      const console = await consolePublisher(site.database.db, { email: owner });
      const dealPage = await (
        await fetch(`${site.server.baseURL}/admin/pipeline/${dealId}`, {
          headers: { Cookie: console.cookie },
        })
      ).text();
      expect(dealPage).toContain("Deposit of $12,750.00 paid");
    });
  });
}
