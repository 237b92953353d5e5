import { withRenderedBodies } from "~/.server/mail";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseConfig, type AppConfig } from "~/.server/core/config";
import { action as buyNowAction } from "~/routes/buy-now";
import { action as createCheckoutSession } from "~/routes/functions.v1.create-checkout-session";
import { action as stripeWebhook } from "~/routes/functions.v1.stripe-webhook";
import { loader as downloadBook } from "~/routes/downloads.book.$token";
import {
  action as paymentSuccessAction,
  loader as paymentSuccessLoader,
} from "~/routes/payment-success";
import { formTokenIssuedAgo } from "../../support/form-token";
import { ManualClock } from "../../support/manual-clock";
import {
  checkoutContext,
  refundedCharge,
  signedEvent,
  WEBHOOK_SECRET,
  webhookRequest,
} from "../../support/checkout-context";
import { startStripeFake, type StripeFake } from "../../support/stripe-fake";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const SITE = "https://presence.example";

/** A create-session request as the fake received it (Stripe's form encoding, decoded). */
type SentSession = {
  mode: string;
  customer_email: string;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
  line_items: Record<
    string,
    {
      quantity: string;
      price_data: { currency: string; unit_amount: string; product_data: { name: string } };
    }
  >;
};

type SuccessView = { kind: string; downloadHref?: string | null };

function settings(stripeBase: string, overrides: Record<string, string> = {}): AppConfig {
  return parseConfig({
    SITE_URL: SITE,
    SALES_OPEN: "true",
    STRIPE_SECRET_KEY: "sk_test_x",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripeBase,
    OWNER_EMAIL: "owner@presence.example",
    CONTACT_EMAIL: "hello@presence.example",
    MAIL_FROM: "Presence Selling <no-reply@presence.example>",
    DOWNLOAD_LINK_SECRET: "download-secret-for-tests",
    DOWNLOAD_LINK_TTL_HOURS: "48",
    DOWNLOAD_LINK_MAX_DOWNLOADS: "3",
    CHECKOUT_RATE_LIMIT: "0",
    ...overrides,
  });
}

const validPayload = {
  productId: "no-self-selling-book",
  format: "pdf",
  formats: ["pdf", "breakthrough-session"],
  successUrl: `${SITE}/payment-success?sessionId={CHECKOUT_SESSION_ID}`,
  cancelUrl: `${SITE}/buy-now`,
  email: "buyer@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
};

function postJson(body: unknown) {
  return new Request(`${SITE}/functions/v1/create-checkout-session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

for (const dialect of allDialects) {
  describe(`checkout on ${dialect}`, () => {
    let database: TestDatabase;
    let fake: StripeFake;
    let config: AppConfig;
    let clock: ManualClock;
    let context: Awaited<ReturnType<typeof checkoutContext>>;

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
      const { db } = database;
      for (const table of ["download_links", "orders", "stripe_events", "outbox_emails"] as const) {
        await db.deleteFrom(table).execute();
      }
      fake.requests.length = 0;
      clock = new ManualClock();
      context = await checkoutContext(config, db, clock);
    });

    async function checkout(body: unknown, ctx = context) {
      // What the page sends: the payload and the form token it was rendered with a minute ago.
      const sent =
        typeof body === "object" && body !== null
          ? { formToken: formTokenIssuedAgo(ctx.config, clock, 60_000), ...body }
          : body;
      const response = (await createCheckoutSession({
        request: postJson(sent),
        context: ctx,
        params: {},
      } as never).catch((thrown: unknown) => {
        // The body reader's refusals are thrown Responses, which React Router sends as they are.
        if (thrown instanceof Response) return thrown;
        throw thrown;
      })) as Response;
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    }

    async function deliver(event: { payload: string; header: string }) {
      const response = (await stripeWebhook({
        request: webhookRequest(event),
        context,
        params: {},
      } as never)) as Response;
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    }

    async function download(token: string) {
      return (await downloadBook({
        request: new Request(`${SITE}/downloads/book/${token}`),
        context,
        params: { token },
      } as never)) as Response;
    }

    async function emails() {
      return database.db
        .selectFrom("outbox_emails")
        .select(["purpose", "to_address", "subject", "text_body", "template", "template_data"])
        .orderBy("created_at")
        .orderBy("purpose")
        .execute()
        .then((rows) => Promise.all(rows.map(withRenderedBodies)));
    }

    function tokenIn(text: string) {
      const match = new RegExp(`${SITE}/downloads/book/([\\w.-]+)`).exec(text);
      expect(match, "a download link").not.toBeNull();
      return match![1]!;
    }

    /** Checkout, then Stripe reports the session paid. */
    async function paidSession(body: unknown = validPayload) {
      const { body: answer } = await checkout(body);
      const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(String(answer.url))![1]!;
      return fake.completeSession(sessionId);
    }

    it("opens a Checkout session with one catalog-priced line item per item and records a pending order", async () => {
      const { status, body } = await checkout({
        ...validPayload,
        // Amounts from the client are never used.
        amount: 1,
        price: 1,
      });
      expect(status).toBe(200);
      expect(body.url).toMatch(new RegExp(`^${fake.url}/c/pay/cs_test_`));

      const created = fake.requests.filter((request) => request.path === "/v1/checkout/sessions");
      expect(created).toHaveLength(1);
      const sent = created[0]!.body as unknown as SentSession;
      expect(sent.mode).toBe("payment");
      expect(sent.customer_email).toBe("buyer@example.com");
      // The caller's success URL, checked to be on the site, is where Stripe returns the buyer.
      expect(sent.success_url).toBe(validPayload.successUrl);
      expect(sent.cancel_url).toBe(`${SITE}/buy-now`);
      expect(Object.values(sent.line_items)).toEqual([
        {
          quantity: "1",
          price_data: {
            currency: "usd",
            unit_amount: "1999",
            product_data: { name: "PDF Download" },
          },
        },
        {
          quantity: "1",
          price_data: {
            currency: "usd",
            unit_amount: "29500",
            product_data: { name: "Sales Breakthrough Hour" },
          },
        },
      ]);

      const orders = await database.db.selectFrom("orders").selectAll().execute();
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({
        status: "pending",
        email: "buyer@example.com",
        amount_total_cents: 31_499,
        first_name: "Ada",
      });
      expect(sent.metadata).toEqual({ order_id: orders[0]!.id });
      const session = fake.sessions.get(orders[0]!.stripe_session_id!);
      expect(session?.amount_total).toBe(31_499);
    });

    it("accepts the spec's payload (one format, no formats list)", async () => {
      const { formats: _all, ...specPayload } = validPayload;
      const { status } = await checkout({ ...specPayload, format: "breakthrough-session" });
      expect(status).toBe(200);
      const sent = fake.requests.at(-1)!.body as unknown as SentSession;
      expect(Object.values(sent.line_items)).toHaveLength(1);
      expect(sent.line_items[0]!.price_data.unit_amount).toBe("29500");
    });

    it.each([
      ["an unknown item", { formats: ["pdf", "hardcover"] }, "Unknown item: hardcover"],
      ["an unknown product", { productId: "other-book" }, "Unknown productId: other-book"],
      [
        "a success URL on another site",
        { successUrl: "https://evil.example/payment-success" },
        "successUrl must be on https://presence.example.",
      ],
      [
        "a cancel URL on another site",
        { cancelUrl: "https://evil.example/" },
        "cancelUrl must be on https://presence.example.",
      ],
      [
        "an empty selection",
        { formats: [], format: undefined },
        "Please select at least one format to proceed.",
      ],
      ["an invalid email", { email: "not-an-email" }, "Please enter a valid email address."],
    ])("refuses %s with 400 and writes nothing", async (_case, change, message) => {
      const { status, body } = await checkout({ ...validPayload, ...change });
      expect(status).toBe(400);
      expect(body.error).toBe(message);
      expect(fake.requests).toHaveLength(0);
      expect(await database.db.selectFrom("orders").selectAll().execute()).toHaveLength(0);
    });

    it("checks out from the page's form without JavaScript, redirecting to Stripe", async () => {
      async function post(fields: [string, string][]) {
        const form = new FormData();
        for (const [name, value] of fields) form.append(name, value);
        form.append("formToken", formTokenIssuedAgo(context.config, clock, 60_000));
        const reply = await buyNowAction({
          request: new Request(`${SITE}/buy-now`, { method: "POST", body: form }),
          context,
          params: {},
        } as never);
        // A refusal comes with its status (`data(reply, 400)`); the reply is what the page shows.
        return reply && "data" in reply ? reply.data : reply;
      }
      const refused = await post([
        ["intent", "checkout"],
        ["email", "buyer@example.com"],
      ]);
      // The page comes back as the buyer left it, the formats to fix first (decision 318).
      expect(refused).toEqual({
        intent: "checkout",
        refusal: {
          message: "Please select at least one format to proceed.",
          formats: [],
          fields: expect.objectContaining({ email: "buyer@example.com" }),
          invalid: "formats",
        },
      });
      const redirected = (await post([
        ["intent", "checkout"],
        ["formats", "pdf"],
        ["formats", "breakthrough-session"],
        ["email", "buyer@example.com"],
      ])) as Response;
      expect(redirected.status).toBe(302);
      expect(redirected.headers.get("location")).toMatch(new RegExp(`^${fake.url}/c/pay/`));
      const sent = fake.requests.at(-1)!.body as unknown as SentSession;
      expect(Object.values(sent.line_items)).toHaveLength(2);
    });

    it("limits how many checkouts one visitor address starts", async () => {
      await database.db.deleteFrom("rate_limit_windows").execute();
      const limited = await checkoutContext(
        settings(fake.url, { CHECKOUT_RATE_LIMIT: "2" }),
        database.db,
        clock,
      );
      expect((await checkout(validPayload, limited)).status).toBe(200);
      expect((await checkout(validPayload, limited)).status).toBe(200);
      const third = await checkout(validPayload, limited);
      expect(third.status).toBe(429);
      expect(third.body.error).toMatch(/Too many checkout attempts/);
      expect(fake.requests).toHaveLength(2);
    });

    it("refuses a body that is not JSON", async () => {
      const { status, body } = await checkout("{not json");
      expect(status).toBe(400);
      expect(body.error).toBe("Request body must be JSON.");
    });

    it("answers 503 while sales are closed", async () => {
      const closed = await checkoutContext(
        settings(fake.url, { SALES_OPEN: "false" }),
        database.db,
        clock,
      );
      const { status, body } = await checkout(validPayload, closed);
      expect(status).toBe(503);
      expect(body.error).toMatch(/not open/);
      expect(fake.requests).toHaveLength(0);
    });

    it("answers 502 and marks the order failed when Stripe refuses", async () => {
      fake.failNextRequest(402);
      const { status, body } = await checkout(validPayload);
      expect(status).toBe(502);
      expect(body.error).toMatch(/payment provider/);
      const orders = await database.db.selectFrom("orders").select("status").execute();
      expect(orders).toEqual([{ status: "failed" }]);
    });

    it("fulfils checkout.session.completed once: paid order, receipt with a download link, scheduling guidance, owner notified", async () => {
      const session = await paidSession();
      const event = signedEvent("checkout.session.completed", session);

      const first = await deliver(event);
      expect(first).toEqual({ status: 200, body: { received: true, outcome: "fulfilled" } });
      // Stripe repeats events: the replay changes nothing.
      const replay = await deliver(event);
      expect(replay).toEqual({ status: 200, body: { received: true, outcome: "duplicate" } });
      // A second event about the same session (another id) does not fulfil again either.
      const other = await deliver(signedEvent("checkout.session.completed", session));
      expect(other.body.outcome).toBe("ignored");

      const order = await database.db.selectFrom("orders").selectAll().executeTakeFirstOrThrow();
      expect(order).toMatchObject({
        status: "paid",
        amount_paid_cents: 31_499,
        stripe_payment_intent_id: session.payment_intent,
      });

      const sent = await emails();
      expect(sent.map((email) => [email.purpose, email.to_address]).sort()).toEqual([
        ["order.owner-notification", "owner@presence.example"],
        ["order.receipt", "buyer@example.com"],
        ["order.session-scheduling", "buyer@example.com"],
      ]);
      const receipt = sent.find((email) => email.purpose === "order.receipt")!;
      expect(receipt.text_body).toContain("Total paid: $314.99");
      expect(receipt.text_body).toContain("The link works 3 times");
      const scheduling = sent.find((email) => email.purpose === "order.session-scheduling")!;
      // The buyer's own booking page, bound to the order (decision 081).
      expect(scheduling.text_body).toMatch(new RegExp(`${SITE}/booking/session/[\\w-]+\\.[\\w-]+`));
      expect(scheduling.text_body).toContain("within 24 hours");
      expect(scheduling.text_body).toContain("60-minute one-to-one video session, recorded");
      const owner = sent.find((email) => email.purpose === "order.owner-notification")!;
      expect(owner.subject).toBe("New sale: PDF Download + Sales Breakthrough Hour ($314.99)");

      const response = await download(tokenIn(receipt.text_body));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    });

    it("refuses webhook bodies whose signature does not match", async () => {
      const session = await paidSession();
      const wrongSecret = signedEvent("checkout.session.completed", session, {
        secret: "whsec_someone_else",
      });
      expect((await deliver(wrongSecret)).status).toBe(400);

      const genuine = signedEvent("checkout.session.completed", session);
      const tampered = { ...genuine, payload: genuine.payload.replace('"paid"', '"PAID"') };
      const refused = await deliver(tampered);
      expect(refused).toEqual({ status: 400, body: { error: "Invalid signature." } });

      // Signed with the right secret, yet no event: a JSON array is refused, not a 500.
      for (const payload of ["[]", '[{"id":"evt_1"}]', "42"]) {
        const header = Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        });
        expect((await deliver({ payload, header })).status).toBe(400);
      }

      const missing = (await stripeWebhook({
        request: new Request(`${SITE}/functions/v1/stripe-webhook`, {
          method: "POST",
          body: genuine.payload,
        }),
        context,
        params: {},
      } as never)) as Response;
      expect(missing.status).toBe(400);

      const order = await database.db.selectFrom("orders").select("status").executeTakeFirst();
      expect(order?.status).toBe("pending");
      expect(await emails()).toHaveLength(0);
      expect(await database.db.selectFrom("stripe_events").selectAll().execute()).toHaveLength(0);
    });

    it("revokes the download link on a full refund, not on a partial one", async () => {
      const session = await paidSession({ ...validPayload, formats: ["pdf"] });
      await deliver(signedEvent("checkout.session.completed", session));
      const token = tokenIn(
        (await emails()).find((email) => email.purpose === "order.receipt")!.text_body,
      );

      const partial = await deliver(
        signedEvent("charge.refunded", refundedCharge(session, { full: false })),
      );
      expect(partial.body.outcome).toBe("ignored");
      expect((await download(token)).status).toBe(200);

      const full = await deliver(signedEvent("charge.refunded", refundedCharge(session)));
      expect(full.body.outcome).toBe("refunded");
      const refused = await download(token);
      expect(refused.status).toBe(410);
      expect(await refused.text()).toContain("This download link no longer works");
      const order = await database.db.selectFrom("orders").select("status").executeTakeFirst();
      expect(order?.status).toBe("refunded");
    });

    it("answers 404 to tampered download links and 410 to expired and used-up ones", async () => {
      const session = await paidSession({ ...validPayload, formats: ["pdf"] });
      await deliver(signedEvent("checkout.session.completed", session));
      const token = tokenIn(
        (await emails()).find((email) => email.purpose === "order.receipt")!.text_body,
      );

      const [payload, signature] = token.split(".") as [string, string];
      const flipped = `${payload}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
      const tampered = await download(flipped);
      expect(tampered.status).toBe(404);
      expect(await tampered.text()).toContain("This download link is not valid");
      expect((await download("garbage")).status).toBe(404);

      // A HEAD request (a link preview) checks the link without using a download.
      const head = (await downloadBook({
        request: new Request(`${SITE}/downloads/book/${token}`, { method: "HEAD" }),
        context,
        params: { token },
      } as never)) as Response;
      expect(head.status).toBe(200);
      for (let use = 0; use < 3; use += 1) expect((await download(token)).status).toBe(200);
      const usedUp = await download(token);
      expect(usedUp.status).toBe(410);
      expect(await usedUp.text()).toContain("used up");

      const second = await paidSession({
        ...validPayload,
        formats: ["pdf"],
        email: "b@example.com",
      });
      await deliver(signedEvent("checkout.session.completed", second));
      const receipt = (await emails()).find(
        (email) => email.purpose === "order.receipt" && email.to_address === "b@example.com",
      )!;
      clock.advance(48 * 3_600_000 + 1);
      const expired = await download(tokenIn(receipt.text_body));
      expect(expired.status).toBe(410);
      expect(await expired.text()).toContain("This download link has expired");
    });

    async function successPage(query: string) {
      const data = (await paymentSuccessLoader({
        request: new Request(`${SITE}/payment-success${query}`),
        context,
        params: {},
      } as never)) as { view: SuccessView };
      return data.view;
    }

    it("shows a receipt only for a paid session, fulfilling it if the webhook is late", async () => {
      expect(await successPage("?session_id=cs_test_unknown")).toEqual({ kind: "unknown" });

      const { body } = await checkout({ ...validPayload, formats: ["pdf"] });
      const sessionId = /(cs_test_\w+)$/.exec(String(body.url))![1]!;
      expect(await successPage(`?session_id=${sessionId}`)).toEqual({ kind: "unpaid" });
      expect(await emails()).toHaveLength(0);

      fake.completeSession(sessionId);
      const paid = await successPage(`?sessionId=${sessionId}&format=breakthrough-session`);
      expect(paid).toMatchObject({
        kind: "receipt",
        verified: true,
        summary: { id: sessionId, format: "PDF Download", amountCents: 1999 },
        showDownload: true,
        showScheduling: false,
      });
      expect(paid.downloadHref).toMatch(/^\/downloads\/book\/[\w.-]+$/);
      expect(context.wakes).toBeGreaterThan(0);

      // The webhook arrives afterwards: nothing is sent twice.
      const late = await deliver(
        signedEvent("checkout.session.completed", fake.sessions.get(sessionId)),
      );
      expect(late.body.outcome).toBe("ignored");
      expect((await emails()).map((email) => email.purpose).sort()).toEqual([
        "order.owner-notification",
        "order.receipt",
      ]);
      const token = paid.downloadHref!.split("/").at(-1)!;
      expect((await download(token)).status).toBe(200);
    });

    it("closes an order whose Checkout session expired unpaid, once, and never a paid one", async () => {
      async function orderStatuses() {
        return database.db
          .selectFrom("orders")
          .select(["stripe_session_id", "status"])
          .orderBy("created_at")
          .execute();
      }
      // An abandoned checkout: Stripe closes the session, the order is closed with it.
      const { body } = await checkout({ ...validPayload, formats: ["pdf"] });
      const abandoned = /(cs_test_\w+)$/.exec(String(body.url))![1]!;
      const expiry = signedEvent("checkout.session.expired", fake.expireSession(abandoned));
      expect((await deliver(expiry)).body.outcome).toBe("expired");
      expect((await deliver(expiry)).body.outcome).toBe("duplicate");
      const again = signedEvent("checkout.session.expired", fake.sessions.get(abandoned));
      expect((await deliver(again)).body.outcome).toBe("ignored");
      expect(await orderStatuses()).toEqual([{ stripe_session_id: abandoned, status: "expired" }]);
      expect(await emails()).toHaveLength(0);

      // The same buyer comes back and pays: the new order is fulfilled, once.
      clock.advance(60_000);
      const session = await paidSession({ ...validPayload, formats: ["pdf"] });
      // Its expiry, delivered late and out of order after the payment, leaves it paid.
      const lateExpiry = signedEvent("checkout.session.expired", {
        ...session,
        status: "expired",
        payment_status: "unpaid",
      });
      const completed = signedEvent("checkout.session.completed", session);
      expect((await deliver(completed)).body.outcome).toBe("fulfilled");
      expect((await deliver(lateExpiry)).body.outcome).toBe("ignored");
      expect((await deliver(completed)).body.outcome).toBe("duplicate");
      expect(await orderStatuses()).toEqual([
        { stripe_session_id: abandoned, status: "expired" },
        { stripe_session_id: session.id, status: "paid" },
      ]);
      expect((await emails()).map((email) => email.purpose).sort()).toEqual([
        "order.owner-notification",
        "order.receipt",
      ]);
    });

    it("fulfils a paid session whose expiry arrived first, once", async () => {
      const { body } = await checkout({ ...validPayload, formats: ["pdf"] });
      const sessionId = /(cs_test_\w+)$/.exec(String(body.url))![1]!;
      const expired = fake.expireSession(sessionId);
      const paid = fake.completeSession(sessionId);
      await deliver(signedEvent("checkout.session.expired", expired));
      expect((await deliver(signedEvent("checkout.session.completed", paid))).body.outcome).toBe(
        "fulfilled",
      );
      expect((await deliver(signedEvent("checkout.session.completed", paid))).body.outcome).toBe(
        "ignored",
      );
      const order = await database.db.selectFrom("orders").select("status").executeTakeFirst();
      expect(order?.status).toBe("paid");
      expect(await emails()).toHaveLength(2);
    });

    it("re-issues a download link only to the order's email, answering the same either way", async () => {
      const session = await paidSession({ ...validPayload, formats: ["pdf"] });
      await deliver(signedEvent("checkout.session.completed", session));
      const receipt = (await emails()).find((email) => email.purpose === "order.receipt")!;
      const oldToken = tokenIn(receipt.text_body);

      async function reissue(email: string) {
        const form = new FormData();
        form.set("email", email);
        form.set("formToken", formTokenIssuedAgo(context.config, clock, 60_000));
        return paymentSuccessAction({
          request: new Request(`${SITE}/payment-success?session_id=${session.id}`, {
            method: "POST",
            body: form,
          }),
          context,
          params: {},
        } as never);
      }

      clock.advance(2 * 60_000);
      expect(await reissue("stranger@example.com")).toEqual({ sent: true });
      expect(
        (await emails()).filter((email) => email.purpose === "order.download-link"),
      ).toHaveLength(0);

      expect(await reissue("BUYER@example.com")).toEqual({ sent: true });
      const fresh = (await emails()).filter((email) => email.purpose === "order.download-link");
      expect(fresh).toHaveLength(1);
      expect(fresh[0]!.to_address).toBe("buyer@example.com");
      expect((await download(tokenIn(fresh[0]!.text_body))).status).toBe(200);
      expect((await download(oldToken)).status).toBe(410);
    });
  });
}
