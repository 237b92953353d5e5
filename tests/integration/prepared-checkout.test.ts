// Decision 275: the Checkout session prepared while the buyer fills /buy-now, the press that goes
// straight to it, the session a changed form supersedes, and what the owner sees of each.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseConfig, type AppConfig } from "~/.server/core/config";
import { listOrders } from "~/.server/admin/orders";
import { action as createCheckoutSession } from "~/routes/functions.v1.create-checkout-session";
import { action as checkoutPress } from "~/routes/functions.v1.checkout-press";
import { action as stripeWebhook } from "~/routes/functions.v1.stripe-webhook";
import { formTokenIssuedAgo } from "../../support/form-token";
import { ManualClock } from "../../support/manual-clock";
import {
  checkoutContext,
  signedEvent,
  WEBHOOK_SECRET,
  webhookRequest,
} from "../../support/checkout-context";
import { startStripeFake, type StripeFake } from "../../support/stripe-fake";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const SITE = "https://presence.example";

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
    CHECKOUT_RATE_LIMIT: "0",
    ...overrides,
  });
}

const form = {
  productId: "no-self-selling-book",
  format: "pdf",
  formats: ["pdf"],
  successUrl: `${SITE}/payment-success?sessionId={CHECKOUT_SESSION_ID}`,
  cancelUrl: `${SITE}/buy-now`,
  email: "early@example.com",
  firstName: "Ada",
  address: {
    street: "1 Pearl Street",
    city: "Boulder",
    state: "CO",
    zipCode: "80302",
    country: "United States",
  },
};

/** The form with the other box checked instead. */
const hour = { format: "breakthrough-session", formats: ["breakthrough-session"] };

const post = (path: string, body: unknown) =>
  new Request(`${SITE}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

for (const dialect of allDialects) {
  describe(`prepared checkout on ${dialect}`, () => {
    let database: TestDatabase;
    let fake: StripeFake;
    let clock: ManualClock;
    let context: Awaited<ReturnType<typeof checkoutContext>>;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      fake = await startStripeFake();
    });
    afterAll(async () => {
      await fake.close();
      await database.dispose();
    });
    beforeEach(async () => {
      const { db } = database;
      for (const table of [
        "download_links",
        "orders",
        "stripe_events",
        "outbox_emails",
        "analytics_attributions",
        "analytics_events",
        "rate_limit_windows",
      ] as const)
        await db.deleteFrom(table).execute();
      fake.requests.length = 0;
      clock = new ManualClock();
      context = await checkoutContext(settings(fake.url), db, clock);
    });

    async function call(
      action: typeof createCheckoutSession | typeof checkoutPress,
      path: string,
      body: unknown,
      ctx = context,
    ) {
      const response = (await action({
        request: post(path, body),
        context: ctx,
        params: {},
      } as never)) as Response;
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    }

    const checkout = (body: Record<string, unknown>, ctx = context) =>
      call(
        createCheckoutSession,
        "/functions/v1/create-checkout-session",
        { formToken: formTokenIssuedAgo(ctx.config, clock, 60_000), ...body },
        ctx,
      );
    const prepare = (body: Record<string, unknown>, ctx = context) =>
      checkout({ ...body, prepare: true }, ctx);
    const press = (sessionId: unknown, ctx = context) =>
      call(
        checkoutPress,
        "/functions/v1/checkout-press",
        { sessionId, timeZone: "Europe/Paris" },
        ctx,
      );

    const orders = () =>
      database.db
        .selectFrom("orders")
        .select(["stripe_session_id", "status", "person_id"])
        .orderBy("created_at")
        .orderBy("status")
        .execute();
    const consoleOrders = async () =>
      (await listOrders(database.db, { page: 1 })).orders.map((order) => order.status);
    const opened = () =>
      database.db
        .selectFrom("analytics_attributions")
        .select("subject_id")
        .where("conversion", "=", "checkout_start")
        .execute();
    const people = () =>
      database.db
        .selectFrom("people")
        .select(["email", "time_zone"])
        .where("email", "=", "early@example.com")
        .execute();
    async function deliver(type: string, session: unknown) {
      return deliverEvent(signedEvent(type, session));
    }
    async function deliverEvent(event: ReturnType<typeof signedEvent>) {
      const response = (await stripeWebhook({
        request: webhookRequest(event),
        context,
        params: {},
      } as never)) as Response;
      return ((await response.json()) as { outcome: string }).outcome;
    }

    it("prepares a session that is not an order until the press, which opens it once", async () => {
      const prepared = await prepare(form);
      expect(prepared.status).toBe(200);
      const sessionId = String(prepared.body.sessionId);
      expect(prepared.body.url).toBe(`${fake.url}/c/pay/${sessionId}`);
      // Made, validated and priced as any session; kept apart: no person, no checkout start.
      expect(fake.sessions.get(sessionId)?.amount_total).toBe(1999);
      expect(await orders()).toEqual([
        { stripe_session_id: sessionId, status: "prepared", person_id: null },
      ]);
      expect(await consoleOrders()).toEqual([]);
      expect(await opened()).toEqual([]);
      expect(await people()).toEqual([]);

      expect(await press(sessionId)).toEqual({ status: 200, body: { opened: true } });
      const [order] = await orders();
      expect(order).toMatchObject({ stripe_session_id: sessionId, status: "pending" });
      expect(order!.person_id).not.toBeNull();
      expect(await consoleOrders()).toEqual(["pending"]);
      expect(await opened()).toHaveLength(1);
      expect(await people()).toEqual([{ email: "early@example.com", time_zone: "Europe/Paris" }]);

      // A second press (a double tap, the back button) changes nothing; nonsense is refused.
      expect(await press(sessionId)).toEqual({ status: 200, body: { opened: false } });
      expect(await press("cs_test_unknown")).toEqual({ status: 200, body: { opened: false } });
      expect((await press("'; drop table orders")).status).toBe(400);
      expect((await press(undefined)).status).toBe(400);
      expect(await opened()).toHaveLength(1);
    });

    it("validates a preparation as a press: bad input is a 400 and nothing is made", async () => {
      expect((await prepare({ ...form, formats: [] })).status).toBe(400);
      expect((await prepare({ ...form, email: "nope" })).status).toBe(400);
      expect((await prepare({ ...form, formats: ["pdf", "audiobook"] })).status).toBe(400);
      expect(fake.requests).toEqual([]);
      expect(await orders()).toEqual([]);
    });

    it("expires the session a changed form supersedes, never one already pressed for", async () => {
      const first = await prepare(form);
      const firstId = String(first.body.sessionId);
      const second = await prepare({ ...form, ...hour, replaces: firstId });
      const secondId = String(second.body.sessionId);
      // The old selection can no longer be paid; its order, never pressed for, is gone.
      expect(fake.sessions.get(firstId)?.status).toBe("expired");
      expect((await orders()).map((order) => order.stripe_session_id)).toEqual([secondId]);
      expect(fake.requests.map((request) => request.path)).toContain(
        `/v1/checkout/sessions/${firstId}/expire`,
      );
      expect(fake.sessions.get(secondId)?.status).toBe("open");
      expect(fake.sessions.get(secondId)?.amount_total).toBe(29_500);
      expect(await consoleOrders()).toEqual([]);
      // Stripe's expiry event for it changes nothing either.
      expect(await deliver("checkout.session.expired", fake.sessions.get(firstId))).toBe("ignored");

      // The buyer pressed for the second; a later preparation naming it leaves it open.
      await press(secondId);
      const pressTime = await checkout({ ...form, replaces: secondId });
      expect(pressTime.status).toBe(200);
      expect(pressTime.body).toEqual({ url: expect.stringMatching(/\/c\/pay\/cs_test_/) });
      expect(fake.sessions.get(secondId)?.status).toBe("open");
      expect((await orders()).map((order) => order.status).sort()).toEqual(["pending", "pending"]);
    });

    it("deletes a prepared order whose session lapsed unpressed, keeping a pressed one", async () => {
      const unpressed = String((await prepare(form)).body.sessionId);
      const pressed = String((await prepare({ ...form, ...hour })).body.sessionId);
      await press(pressed);
      expect(await deliver("checkout.session.expired", fake.sessions.get(unpressed))).toBe(
        "expired",
      );
      expect(await deliver("checkout.session.expired", fake.sessions.get(pressed))).toBe("expired");
      expect(await orders()).toEqual([
        { stripe_session_id: pressed, status: "expired", person_id: expect.any(String) },
      ]);
    });

    it("fulfils once a prepared session paid whose press never arrived", async () => {
      const { body } = await prepare(form);
      const session = fake.completeSession(String(body.sessionId));
      const completed = signedEvent("checkout.session.completed", session);
      expect(await deliverEvent(completed)).toBe("fulfilled");
      expect(await deliverEvent(completed)).toBe("duplicate");
      const [order] = await orders();
      expect(order).toMatchObject({ status: "paid" });
      expect(order!.person_id).not.toBeNull();
      expect(await consoleOrders()).toEqual(["paid"]);
      expect(await opened()).toHaveLength(1);
      const purposes = await database.db
        .selectFrom("outbox_emails")
        .select("purpose")
        .orderBy("purpose")
        .execute();
      expect(purposes.map((row) => row.purpose)).toEqual([
        "order.owner-notification",
        "order.receipt",
      ]);
      // The beacon arriving after the payment changes nothing.
      expect(await press(session.id)).toEqual({ status: 200, body: { opened: false } });
    });

    it("limits preparations in a bucket of their own, so they never use up the press", async () => {
      const limited = await checkoutContext(
        settings(fake.url, { CHECKOUT_RATE_LIMIT: "2" }),
        database.db,
        clock,
      );
      expect((await prepare(form, limited)).status).toBe(200);
      const second = await prepare({ ...form, ...hour }, limited);
      expect(second.status).toBe(200);
      expect((await prepare(form, limited)).status).toBe(429);
      // The press counts in the checkout bucket, as a press-time checkout does.
      expect((await press(String(second.body.sessionId), limited)).status).toBe(200);
      expect((await checkout(form, limited)).status).toBe(200);
      expect((await checkout(form, limited)).status).toBe(429);
      expect((await press(String(second.body.sessionId), limited)).status).toBe(429);
    });
  });
}
