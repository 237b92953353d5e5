import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { erasePerson } from "~/.server/audience/erasure/erasure";
import { findPersonRecord } from "~/.server/audience/people/person-record";
import { membershipLinks } from "~/.server/audience/lists/list-links";
import { confirmMembership } from "~/.server/audience/lists/list-memberships";
import { receiveNewsletterSignup } from "~/.server/audience/lists/newsletter-signup";
import { parseConfig, type AppConfig } from "~/.server/core/config";
import { receiveContactMessage } from "~/.server/leads/contact-messages";
import { joinWaitlist } from "~/.server/audience/lists/waitlist";
import { BeaconIngestion, readVisitSource } from "~/.server/analytics";
import { action as createCheckoutSession } from "~/routes/functions.v1.create-checkout-session";
import { action as stripeWebhook } from "~/routes/functions.v1.stripe-webhook";
import {
  checkoutContext,
  signedEvent,
  WEBHOOK_SECRET,
  webhookRequest,
} from "../../support/checkout-context";
import { formTokenIssuedAgo } from "../../support/form-token";
import { ManualClock } from "../../support/manual-clock";
import {
  clearAnalytics,
  pageviewBeacon,
  readerBrowser,
  readerVisit,
} from "../../support/analytics-visits";
import { startStripeFake, type StripeFake } from "../../support/stripe-fake";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const SITE = "https://presence.example";

/** The hidden field the page script adds to a form: the visit's source and the form's page. */
const campaignVisit = (conversionPage: string) =>
  JSON.stringify({
    l: "/landing-page",
    r: "www.linkedin.com",
    s: "linkedin",
    m: "social",
    c: "spring-launch",
    p: conversionPage,
  });

for (const dialect of allDialects) {
  describe(`attribution on ${dialect}`, () => {
    let database: TestDatabase;
    let fake: StripeFake;
    let config: AppConfig;
    let clock: ManualClock;
    let context: Awaited<ReturnType<typeof checkoutContext>>;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      fake = await startStripeFake();
      config = parseConfig({
        SITE_URL: SITE,
        SALES_OPEN: "true",
        STRIPE_SECRET_KEY: "sk_test_x",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: fake.url,
        CHECKOUT_RATE_LIMIT: "0",
        CONTACT_RATE_LIMIT: "0",
        NEWSLETTER_RATE_LIMIT: "0",
      });
    });
    afterAll(async () => {
      await fake.close();
      await database.dispose();
    });
    beforeEach(async () => {
      clock = new ManualClock();
      context = await checkoutContext(config, database.db, clock);
    });

    const formToken = () => formTokenIssuedAgo(config, clock, 60_000);

    /** The buyer on /buy-now (JavaScript on: the page's JSON call), then Stripe reports payment. */
    async function buy(email: string, attribution: string | undefined) {
      return pay(await openCheckout(email, attribution));
    }

    /** The buyer on /buy-now opens a checkout: the Stripe session's id. */
    async function openCheckout(email: string, attribution: string | undefined) {
      const response = (await createCheckoutSession({
        request: new Request(`${SITE}/functions/v1/create-checkout-session`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            productId: "no-self-selling-book",
            format: "pdf",
            formats: ["pdf"],
            successUrl: `${SITE}/payment-success?sessionId={CHECKOUT_SESSION_ID}`,
            cancelUrl: `${SITE}/buy-now`,
            email,
            formToken: formToken(),
            attribution,
          }),
        }),
        context,
        params: {},
      } as never)) as Response;
      expect(response.status).toBe(200);
      const { url } = (await response.json()) as { url: string };
      return /\/c\/pay\/(cs_test_\w+)$/.exec(url)![1]!;
    }

    /** Stripe reports the session paid (`metadata` replaced when given). */
    async function pay(sessionId: string, metadata?: Record<string, string>) {
      const completed = fake.completeSession(sessionId);
      const session = metadata ? { ...completed, metadata } : completed;
      const delivered = (await stripeWebhook({
        request: webhookRequest(signedEvent("checkout.session.completed", session)),
        context,
        params: {},
      } as never)) as Response;
      expect(delivered.status).toBe(200);
      return database.db
        .selectFrom("orders")
        .select(["id", "person_id"])
        .where("stripe_session_id", "=", session.id)
        .executeTakeFirstOrThrow();
    }

    const attributionOf = (subjectId: string) =>
      database.db
        .selectFrom("analytics_attributions")
        .selectAll()
        .where("subject_id", "=", subjectId)
        .where("conversion", "!=", "checkout_start")
        .orderBy("converted_at")
        .execute();

    it("credits a purchase to the campaign's landing page, carried through Stripe Checkout, not to the checkout", async () => {
      const order = await buy("ada@example.com", campaignVisit("/buy-now"));
      const sent = fake.requests
        .filter((request) => request.path === "/v1/checkout/sessions")
        .at(-1)!.body as { metadata: Record<string, string> };
      expect(sent.metadata).toMatchObject({
        source_landing: "/landing-page",
        source_utm_campaign: "spring-launch",
      });
      expect(await attributionOf(order.id)).toMatchObject([
        {
          conversion: "order",
          person_id: order.person_id,
          landing_path: "/landing-page",
          referrer_domain: "linkedin.com",
          utm_source: "linkedin",
          utm_medium: "social",
          utm_campaign: "spring-launch",
          conversion_path: "/buy-now",
          amount_cents: 1999,
        },
      ]);
      const events = await database.db
        .selectFrom("analytics_events")
        .select(["name", "amount_cents"])
        .where("name", "in", ["checkout_start", "purchase"])
        .orderBy("name")
        .execute();
      expect(events.slice(-2)).toEqual([
        { name: "checkout_start", amount_cents: 1999 },
        { name: "purchase", amount_cents: 1999 },
      ]);
    });

    it("records one conversion for a webhook delivered twice", async () => {
      const order = await buy("twice@example.com", campaignVisit("/buy-now"));
      const session = fake.sessions.get(
        (await database.db
          .selectFrom("orders")
          .select("stripe_session_id")
          .where("id", "=", order.id)
          .executeTakeFirstOrThrow())!.stripe_session_id!,
      )!;
      await stripeWebhook({
        request: webhookRequest(signedEvent("checkout.session.completed", session)),
        context,
        params: {},
      } as never);
      expect(await attributionOf(order.id)).toHaveLength(1);
    });

    it("keeps a lead who later buys as one person with two conversions, each with its source", async () => {
      const message = await receiveContactMessage(context, {
        fields: {
          firstName: "Grace",
          lastName: "Hopper",
          email: "grace@example.com",
          interest: "Corporate Training",
          message: "We would like a workshop for our sales team.",
          attribution: JSON.stringify({
            l: "/articles/cold-calls",
            r: "www.google.com",
            p: "/contact",
          }),
        },
        traps: { formToken: formToken() },
        clientAddress: "203.0.113.5",
      });
      expect(message.outcome).toBe("stored");
      // Recorded by the service that stored the message, in its transaction: no browser involved.
      const contactEvents = await database.db
        .selectFrom("analytics_events")
        .select(["path", "visitor"])
        .where("name", "=", "contact_message")
        .execute();
      expect(contactEvents).toEqual([{ path: "/contact", visitor: null }]);
      clock.advance(3 * 24 * 60 * 60_000);
      const order = await buy("Grace@Example.com", campaignVisit("/buy-now"));
      const conversions = await database.db
        .selectFrom("analytics_attributions")
        .select(["conversion", "person_id", "landing_path", "referrer_domain"])
        .where("person_id", "=", order.person_id)
        .where("conversion", "!=", "checkout_start")
        .orderBy("converted_at")
        .execute();
      expect(conversions).toEqual([
        {
          conversion: "contact_message",
          person_id: order.person_id,
          landing_path: "/articles/cold-calls",
          referrer_domain: "google.com",
        },
        {
          conversion: "order",
          person_id: order.person_id,
          landing_path: "/landing-page",
          referrer_domain: "linkedin.com",
        },
      ]);
      const people = await database.db
        .selectFrom("people")
        .select("id")
        .where("email_key", "=", "grace@example.com")
        .execute();
      expect(people).toHaveLength(1);
    });

    it("credits a newsletter confirmation to the visit that signed up, not to the link in the email", async () => {
      await receiveNewsletterSignup(context, {
        fields: {
          email: "linus@example.com",
          source: "/signup",
          attribution: JSON.stringify({
            l: "/resources",
            r: "news.ycombinator.com",
            c: "guides",
            p: "/signup",
          }),
        },
        traps: { formToken: formToken() },
        clientAddress: "203.0.113.6",
      });
      const membership = await database.db
        .selectFrom("list_memberships")
        .innerJoin("people", "people.id", "list_memberships.person_id")
        .select(["list_memberships.id", "list_memberships.person_id"])
        .where("people.email_key", "=", "linus@example.com")
        .executeTakeFirstOrThrow();
      const links = membershipLinks(
        config,
        { list: "newsletter", membershipId: membership.id },
        clock.now(),
      );
      clock.advance(60 * 60_000);
      const token = links.confirm.split("/").at(-1)!;
      expect(await confirmMembership(context, { list: "newsletter", token })).toBe("confirmed");
      expect(await attributionOf(membership.id)).toMatchObject([
        {
          conversion: "newsletter_signup",
          landing_path: "/resources",
          referrer_domain: "news.ycombinator.com",
        },
        {
          conversion: "newsletter_confirmation",
          person_id: membership.person_id,
          landing_path: "/resources",
          referrer_domain: "news.ycombinator.com",
          utm_campaign: "guides",
          conversion_path: "/signup",
        },
      ]);
      const events = await database.db
        .selectFrom("analytics_events")
        .select("name")
        .where("name", "in", ["newsletter_signup", "newsletter_confirmation"])
        .execute();
      expect(events.map((event) => event.name).sort()).toEqual([
        "newsletter_confirmation",
        "newsletter_signup",
      ]);
    });

    it.each([
      ["not JSON", "{l:"],
      ["of absurd length", JSON.stringify({ l: `/${"x".repeat(3000)}` })],
      ["with control characters", JSON.stringify({ l: "/", c: "spring\u0007" })],
      [
        "naming another site as its landing page",
        JSON.stringify({ l: "https://elsewhere.example/" }),
      ],
    ])("keeps an order whose attribution field is %s, without a source", async (_what, field) => {
      const order = await buy(`field-${Math.random().toString(36).slice(2)}@example.com`, field);
      expect(await attributionOf(order.id)).toMatchObject([
        { conversion: "order", landing_path: null, utm_campaign: null, referrer_domain: null },
      ]);
    });

    it.each([
      ["the payment provider", "checkout.stripe.com"],
      ["the site itself", "presence.example"],
      ["a referrer-spam domain", "0-0.fr"],
    ])("never counts %s as a source", async (_what, referrer) => {
      const order = await buy(
        `ref-${Math.random().toString(36).slice(2)}@example.com`,
        JSON.stringify({ l: "/book", r: referrer, p: "/buy-now" }),
      );
      expect(await attributionOf(order.id)).toMatchObject([
        { landing_path: "/book", referrer_domain: null },
      ]);
    });

    it("includes a person's sources in their export and removes them when they are erased", async () => {
      const order = await buy("erase-me@example.com", campaignVisit("/buy-now"));
      const record = await findPersonRecord(database.db, order.person_id!);
      expect(record!.attributions).toMatchObject([
        { conversion: "checkout_start", landing_path: "/landing-page" },
        { conversion: "order", landing_path: "/landing-page", utm_campaign: "spring-launch" },
      ]);
      expect(
        await erasePerson(context, { personId: order.person_id!, actor: "owner@presence.example" }),
      ).toBe("erased");
      expect(await attributionOf(order.id)).toEqual([]);
      expect(
        await database.db
          .selectFrom("analytics_attributions")
          .select("id")
          .where("subject_id", "=", order.id)
          .execute(),
      ).toEqual([]);
    });

    it("credits a purchase to the source recorded when its order was opened, not the finishing tab's", async () => {
      const sessionId = await openCheckout("tabs@example.com", campaignVisit("/buy-now"));
      // Finished elsewhere: whatever the session carries back, the order row's source counts.
      const order = await pay(sessionId, {
        order_id: (await database.db
          .selectFrom("orders")
          .select("id")
          .where("stripe_session_id", "=", sessionId)
          .executeTakeFirstOrThrow())!.id,
      });
      expect(await attributionOf(order.id)).toMatchObject([
        {
          conversion: "order",
          utm_source: "linkedin",
          utm_campaign: "spring-launch",
          landing_path: "/landing-page",
        },
      ]);
    });

    it("credits a checkout opened again in a new tab (no source of its own) to the buyer's earlier one", async () => {
      await openCheckout("new-tab@example.com", campaignVisit("/buy-now"));
      clock.advance(2 * 60 * 60_000);
      // Back from Stripe in a new tab: sessionStorage is empty, the form carries no source.
      const order = await buy("New-Tab@example.com", undefined);
      expect(await attributionOf(order.id)).toMatchObject([
        { conversion: "order", utm_source: "linkedin", utm_campaign: "spring-launch" },
      ]);
    });

    describe("in a new tab (the form's own visit is direct)", () => {
      /** A tab opened on /buy-now by typing the address: sessionStorage starts empty. */
      const directTab = (page: string) =>
        JSON.stringify({ l: page, r: "", s: "", m: "", c: "", p: page });

      /** The reader lands from a campaign link in another tab; the beacon counts the view. */
      async function landFromCampaign(url: string, visit = readerVisit()) {
        await clearAnalytics(database.db);
        const ingestion = new BeaconIngestion({
          db: database.db,
          clock,
          config: { ...config, ANALYTICS_FLUSH_INTERVAL_MS: 60_000 },
        });
        expect(
          await ingestion.receiveBeacon(
            pageviewBeacon(url, { r: "https://mail.example.net/" }),
            visit,
          ),
        ).toEqual({ status: 202, counted: true });
        await ingestion.stop();
      }

      beforeEach(() => {
        context.clientAddress = readerVisit().clientAddress;
        context.userAgent = readerBrowser;
      });

      it("credits the order to the visitor's campaign, and the person page names it", async () => {
        await landFromCampaign("/book?utm_source=newsletter-y&utm_medium=email");
        clock.advance(20 * 60_000);
        const order = await buy("other-tab@example.com", directTab("/buy-now"));
        expect(await attributionOf(order.id)).toMatchObject([
          {
            conversion: "order",
            utm_source: "newsletter-y",
            utm_medium: "email",
            landing_path: "/book",
            conversion_path: "/buy-now",
          },
        ]);
        const record = await findPersonRecord(database.db, order.person_id!);
        expect(record!.attributions.map((row) => [row.conversion, row.source])).toEqual([
          ["checkout_start", "newsletter-y"],
          ["order", "newsletter-y"],
        ]);
      });

      it("credits a lead to the referrer of the visit it belongs to", async () => {
        await landFromCampaign("/articles/first");
        clock.advance(5 * 60_000);
        const message = await receiveContactMessage(context, {
          fields: {
            firstName: "Ned",
            lastName: "Tab",
            email: "lead-tab@example.com",
            interest: "Corporate Training",
            message: "Written in a second tab.",
            attribution: directTab("/contact"),
          },
          traps: { formToken: formToken() },
          clientAddress: readerVisit().clientAddress,
        });
        expect(message.outcome).toBe("stored");
        expect(await attributionOf((message as { id: string }).id)).toMatchObject([
          { referrer_domain: "mail.example.net", landing_path: "/articles/first" },
        ]);
      });

      it("keeps the order direct once the visit has ended, or for another browser", async () => {
        await landFromCampaign("/book?utm_source=newsletter-y");
        context.userAgent = `${readerBrowser} Other`;
        const elsewhere = await buy("other-browser@example.com", directTab("/buy-now"));
        expect(await attributionOf(elsewhere.id)).toMatchObject([
          { utm_source: null, landing_path: "/buy-now" },
        ]);
        context.userAgent = readerBrowser;
        clock.advance(31 * 60_000);
        const later = await buy("later@example.com", directTab("/buy-now"));
        expect(await attributionOf(later.id)).toMatchObject([
          { utm_source: null, landing_path: "/buy-now" },
        ]);
      });
    });

    describe("with Global Privacy Control (Sec-GPC: 1)", () => {
      beforeEach(() => {
        context.globalPrivacyControl = true;
      });
      const sourcesOf = (personEmail: string) =>
        database.db
          .selectFrom("analytics_attributions")
          .innerJoin("people", "people.id", "analytics_attributions.person_id")
          .select([
            "conversion",
            "landing_path",
            "referrer_domain",
            "utm_source",
            "utm_campaign",
            "conversion_path",
          ])
          .where("people.email_key", "=", personEmail)
          .orderBy("converted_at")
          .execute();
      const none = {
        landing_path: null,
        referrer_domain: null,
        utm_source: null,
        utm_campaign: null,
        conversion_path: null,
      };

      it("keeps a contact message, a signup, a waitlist signup and an order without their source", async () => {
        const message = await receiveContactMessage(context, {
          fields: {
            firstName: "Gil",
            lastName: "Private",
            email: "gpc@example.com",
            interest: "Corporate Training",
            message: "Please keep where I came from to yourself.",
            attribution: campaignVisit("/contact"),
          },
          traps: { formToken: formToken() },
          clientAddress: "203.0.113.9",
        });
        expect(message.outcome).toBe("stored");
        await receiveNewsletterSignup(context, {
          fields: { email: "gpc@example.com", source: "/signup", attribution: campaignVisit("/") },
          traps: { formToken: formToken() },
          clientAddress: "203.0.113.9",
        });
        expect(
          await joinWaitlist(context, {
            fields: { email: "gpc@example.com", attribution: campaignVisit("/buy-now") },
            traps: { formToken: formToken() },
            clientAddress: "203.0.113.9",
          }),
        ).toMatchObject({ outcome: "accepted" });
        await buy("gpc@example.com", campaignVisit("/buy-now"));
        const kept = await sourcesOf("gpc@example.com");
        expect(kept.map((row) => row.conversion).sort()).toEqual([
          "checkout_start",
          "contact_message",
          "newsletter_signup",
          "order",
          "waitlist_signup",
        ]);
        for (const row of kept) expect(row).toMatchObject(none);
      });

      it("does not carry an earlier checkout's source onto the buyer's order", async () => {
        context.globalPrivacyControl = false;
        await openCheckout("gpc-later@example.com", campaignVisit("/buy-now"));
        context.globalPrivacyControl = true;
        const order = await buy("gpc-later@example.com", campaignVisit("/buy-now"));
        expect(await attributionOf(order.id)).toMatchObject([{ conversion: "order", ...none }]);
      });

      it("reads no source for a booking either, unless the site is set not to honour it", () => {
        const field = campaignVisit("/booking");
        expect(readVisitSource(field, context)).toBeUndefined();
        expect(
          readVisitSource(field, {
            config: { ...config, ANALYTICS_HONOR_GPC: false },
            globalPrivacyControl: true,
          }),
        ).toMatchObject({ utmSource: "linkedin" });
      });
    });
  });
}
