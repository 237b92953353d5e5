import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  builtServerLinkSecret,
  startBuiltServer,
  type BuiltServer,
} from "../../support/built-server";
import { builtServerFormToken } from "../../support/form-token";
import { refundedCharge } from "../../support/checkout-context";
import { startStripeFake, type StripeFake } from "../../support/stripe-fake";
import { httpDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const SITE = "https://presence.example";
const WEBHOOK_SECRET = "whsec_x";

/** The page's HTML without React's text separators, so "$19.99" reads as written. */
async function html(response: Response) {
  return (await response.text()).replace(/<!-- -->/g, "");
}

function signed(type: string, object: unknown, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: "event",
    type,
    data: { object },
  });
  return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

// One database (decision 327): redirects, headers and pages; orders run on both in checkout and
// prepared-checkout.
for (const dialect of httpDialects) {
  describe(`checkout over HTTP on ${dialect}`, () => {
    let database: TestDatabase;
    let fake: StripeFake;
    let server: BuiltServer;
    let mailDir: string;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      fake = await startStripeFake();
      mailDir = mkdtempSync(path.join(tmpdir(), "checkout-mail-"));
      // A reader confirmed on the waitlist while sales were closed: the start with sales open tells them.
      await database.db
        .insertInto("people")
        .values({
          id: "waiting-person",
          email: "waiting@example.com",
          email_key: "waiting@example.com",
          first_name: null,
          last_name: null,
          source: "/buy-now",
          first_seen_at: "2026-11-01T00:00:00.000Z",
          last_seen_at: "2026-11-01T00:00:00.000Z",
          bounced_at: null,
        })
        .execute();
      await database.db
        .insertInto("list_memberships")
        .values({
          id: "waiting-reader",
          person_id: "waiting-person",
          list: "waitlist",
          status: "confirmed",
          interests: "[]",
          source: "/buy-now",
          consent_text: "Tell me when it is available.",
          consented_at: "2026-11-01T00:00:00.000Z",
          confirmation_sent_at: "2026-11-01T00:00:00.000Z",
          confirmed_at: "2026-11-01T00:05:00.000Z",
          unsubscribed_at: null,
          notified_at: null,
          created_at: "2026-11-01T00:00:00.000Z",
          updated_at: "2026-11-01T00:05:00.000Z",
        })
        .execute();
      server = await startBuiltServer({
        DATABASE_URL: database.url,
        MAIL_DIR: mailDir,
        SITE_URL: SITE,
        SALES_OPEN: "true",
        STRIPE_SECRET_KEY: "sk_test_x",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: fake.url,
        OUTBOX_POLL_INTERVAL_MS: "60000",
      });
    }, 60_000);
    afterAll(async () => {
      await server?.stop();
      await fake?.close();
      await database?.dispose();
      rmSync(mailDir, { recursive: true, force: true });
    });

    const post = (pathname: string, body: string, headers: Record<string, string>) =>
      fetch(`${server.baseURL}${pathname}`, { method: "POST", body, headers });

    async function checkout(formats: string[]) {
      const response = await post(
        "/functions/v1/create-checkout-session",
        JSON.stringify({
          productId: "no-self-selling-book",
          format: formats[0],
          formats,
          successUrl: `${SITE}/payment-success?sessionId={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${SITE}/buy-now`,
          email: "buyer@example.com",
          formToken: builtServerFormToken(builtServerLinkSecret),
        }),
        { "content-type": "application/json" },
      );
      return {
        status: response.status,
        body: (await response.json()) as { url?: string; error?: string },
      };
    }

    const webhook = (event: { payload: string; header: string }) =>
      post("/functions/v1/stripe-webhook", event.payload, {
        "content-type": "application/json",
        "stripe-signature": event.header,
      });

    it("tells confirmed waitlist readers once, at the start with sales open", async () => {
      const sent = await database.db
        .selectFrom("outbox_emails")
        .select(["to_address", "subject"])
        .where("purpose", "=", "waitlist.now-available")
        .execute();
      expect(sent).toEqual([
        { to_address: "waiting@example.com", subject: "No-Self Selling is now available" },
      ]);
    });

    it("serves the live purchase page", async () => {
      const html = await (await fetch(`${server.baseURL}/buy-now`)).text();
      expect(html).toContain("Complete Your Purchase");
      expect(html).toContain("Complete Purchase");
      expect(html).not.toContain('data-testid="coming-soon"');
    });

    it("creates sessions and refuses bad input with 400", async () => {
      const ok = await checkout(["pdf"]);
      expect(ok.status).toBe(200);
      expect(ok.body.url).toMatch(new RegExp(`^${fake.url}/c/pay/cs_test_`));

      const unknown = await checkout(["pdf", "audiobook"]);
      expect(unknown).toEqual({ status: 400, body: { error: "Unknown item: audiobook" } });
      const empty = await checkout([]);
      expect(empty.status).toBe(400);
      const notJson = await post("/functions/v1/create-checkout-session", "{", {
        "content-type": "application/json",
      });
      expect(notJson.status).toBe(400);
    });

    it("verifies webhook signatures on the raw body, fulfils once, serves the book, revokes on refund", async () => {
      const { body } = await checkout(["pdf"]);
      const sessionId = body.url!.split("/").at(-1)!;
      const session = fake.completeSession(sessionId);
      const event = signed("checkout.session.completed", session);

      expect(
        (await webhook(signed("checkout.session.completed", session, "whsec_wrong"))).status,
      ).toBe(400);
      const first = await webhook(event);
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ received: true, outcome: "fulfilled" });
      expect(await (await webhook(event)).json()).toEqual({ received: true, outcome: "duplicate" });

      const page = await html(
        await fetch(`${server.baseURL}/payment-success?session_id=${sessionId}`),
      );
      expect(page).toContain("Payment Successful!");
      expect(page).toContain("$19.99");
      expect(page).toContain('name="robots" content="noindex"');
      const href = /href="(\/downloads\/book\/[\w.-]+)"/.exec(page)?.[1];
      expect(href, "a Download PDF Now link").toBeDefined();

      const file = await fetch(`${server.baseURL}${href}`);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("application/pdf");
      expect(
        Buffer.from(await file.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");

      const tampered = await fetch(`${server.baseURL}${href!.slice(0, -3)}abc`);
      expect(tampered.status).toBe(404);
      expect(await tampered.text()).toContain("This download link is not valid");

      expect((await webhook(signed("charge.refunded", refundedCharge(session)))).status).toBe(200);
      const revoked = await fetch(`${server.baseURL}${href}`);
      expect(revoked.status).toBe(410);
      expect(await revoked.text()).toContain("This download link no longer works");
    });

    it("never shows a receipt for an unknown or unpaid session", async () => {
      const unknown = await (
        await fetch(`${server.baseURL}/payment-success?session_id=cs_test_nope`)
      ).text();
      expect(unknown).toContain("We could not find this payment");
      expect(unknown).not.toContain("Payment Successful!");

      const { body } = await checkout(["breakthrough-session"]);
      const sessionId = body.url!.split("/").at(-1)!;
      const unpaid = await html(
        await fetch(`${server.baseURL}/payment-success?session_id=${sessionId}`),
      );
      expect(unpaid).toContain("Your payment has not completed");
      expect(unpaid).not.toContain("$295");
    });

    it("keeps the book off public paths", async () => {
      for (const pathname of [
        "/no-self-selling.pdf",
        "/downloads/no-self-selling.pdf",
        "/downloads/book/",
      ]) {
        const response = await fetch(`${server.baseURL}${pathname}`);
        expect(response.headers.get("content-type") ?? "").not.toContain("application/pdf");
      }
    });
  });
}
