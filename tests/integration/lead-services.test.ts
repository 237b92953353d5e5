import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "~/.server/core/config";
import { smtpTransport } from "~/.server/mail/mail-transport";
import { startOutboxWorker } from "~/.server/mail/outbox-worker";
import { receiveContactMessage } from "~/.server/leads/contact-messages";
import { signNewsletterToken } from "~/.server/audience/lists/newsletter-links";
import {
  confirmMembership,
  confirmationCoolingMs,
  requestMembership,
  unsubscribeMembership,
} from "~/.server/audience/lists/list-memberships";
import { contactMessageSchema } from "~/lib/contact-message-schema";
import { newsletterConsentText } from "~/lib/newsletter-interests";
import { newsletterSignupSchema, type NewsletterSignup } from "~/lib/newsletter-schema";
import { formTokenIssuedAgo } from "../../support/form-token";
import { ManualClock } from "../../support/manual-clock";
import { SmtpSink, type ReceivedEmail } from "../../support/smtp-sink";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const config = parseConfig({
  SITE_URL: "https://presence.example",
  OWNER_EMAIL: "owner@presence.example",
  MAIL_FROM: "Presence Selling <no-reply@presence.example>",
  CONTACT_EMAIL: "hello@presence.example",
  CONTACT_RATE_LIMIT: "2",
  NEWSLETTER_LINK_SECRET: "a-test-secret-of-enough-length",
});

const message = contactMessageSchema.parse({
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  company: "Analytical Engines",
  interest: "Corporate Training",
  message: "We would like a workshop for 12 people.\nIs March possible?",
});

/** The token of the `/lists/newsletter/<purpose>/<token>` link in an email. */
function linkIn(email: ReceivedEmail, purpose: "confirm" | "unsubscribe") {
  const match = new RegExp(
    `https://presence\\.example/lists/newsletter/${purpose}/([\\w.-]+)`,
  ).exec(email.parsed.text ?? "");
  expect(match, `a ${purpose} link in "${email.parsed.subject}"`).not.toBeNull();
  return { href: match![0], token: match![1]! };
}

for (const dialect of allDialects) {
  describe(`lead services on ${dialect}`, () => {
    let database: TestDatabase;
    let sink: SmtpSink;
    const clock = new ManualClock();

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      sink = await new SmtpSink().start();
    });
    afterAll(async () => {
      await sink.stop();
      await database.dispose();
    });
    beforeEach(async () => {
      sink.received.length = 0;
      for (const table of [
        "outbox_emails",
        "contact_messages",
        "list_memberships",
        "people",
        "rate_limit_windows",
      ] as const) {
        await database.db.deleteFrom(table).execute();
      }
    });

    let wakes = 0;
    const deps = () => ({ db: database.db, clock, config, outbox: { wake: () => (wakes += 1) } });
    /** A form handed out a minute ago: past the time trap. */
    const person = () => ({ formToken: formTokenIssuedAgo(config, clock, 60_000) });
    const requestSubscription = (signup: NewsletterSignup) =>
      requestMembership(deps(), {
        list: "newsletter",
        ...signup,
        consentText: newsletterConsentText,
      });
    const confirm = (token: string) => confirmMembership(deps(), { list: "newsletter", token });
    const unsubscribe = (token: string) =>
      unsubscribeMembership(deps(), { list: "newsletter", token });
    const newsletterMembership = () =>
      database.db
        .selectFrom("list_memberships")
        .innerJoin("people", "people.id", "list_memberships.person_id")
        .selectAll("list_memberships")
        .select(["people.email", "people.email_key", "people.first_name"])
        .where("list", "=", "newsletter")
        .executeTakeFirstOrThrow();
    let deliveredSoFar = 0;
    afterEach(() => {
      deliveredSoFar = 0;
    });

    /** Runs the outbox once and returns the emails it delivered. */
    async function deliverOutbox() {
      const worker = startOutboxWorker({
        db: database.db,
        transport: smtpTransport(sink.url),
        clock,
        pollIntervalMs: 3_600_000,
      });
      await worker.stop();
      await worker.runOnce();
      const fresh = sink.received.slice(deliveredSoFar);
      deliveredSoFar = sink.received.length;
      return fresh;
    }

    it("stores a contact message and emails the owner (Reply-To the visitor) and the visitor", async () => {
      wakes = 0;
      const result = await receiveContactMessage(deps(), {
        fields: message,
        traps: person(),
        clientAddress: "203.0.113.7",
      });
      expect(result.outcome).toBe("stored");
      // What follows the commit is the service's: the outbox is woken once.
      expect(wakes).toBe(1);
      const stored = await database.db.selectFrom("contact_messages").selectAll().execute();
      expect(stored).toMatchObject([
        { first_name: "Ada", last_name: "Lovelace", interest: "Corporate Training" },
      ]);

      const emails = await deliverOutbox();
      expect(emails).toHaveLength(2);
      const owner = emails.find((email) => email.envelopeTo.includes("owner@presence.example"))!;
      expect(owner.parsed.from?.address).toBe("no-reply@presence.example");
      expect(owner.parsed.replyTo?.[0]).toMatchObject({
        address: "ada@example.com",
        name: "Ada Lovelace",
      });
      expect(owner.parsed.subject).toBe("New inquiry: Corporate Training from Ada Lovelace");
      expect(owner.parsed.text).toContain("Is March possible?");
      expect(owner.parsed.text).toContain("Analytical Engines");
      expect(owner.header("x-contact-message-id")).toBe(stored[0]!.id);

      const visitor = emails.find((email) => email.envelopeTo.includes("ada@example.com"))!;
      expect(visitor.parsed.subject).toBe("We received your message — Presence Selling");
      expect(visitor.parsed.text).toContain("within 48 hours");
      // The acknowledgement relays nothing the visitor typed to the address they typed.
      for (const typed of ["Is March possible?", "Analytical Engines", "Lovelace"]) {
        expect(visitor.parsed.text).not.toContain(typed);
        expect(visitor.parsed.html).not.toContain(typed);
      }
      expect(visitor.parsed.replyTo?.[0]?.address).toBe("hello@presence.example");
      expect(visitor.header("auto-submitted")).toBe("auto-replied");
    });

    it("escapes what a visitor typed in the owner's HTML email", async () => {
      await receiveContactMessage(deps(), {
        fields: { ...message, message: 'Price < 500 & "quoted"' },
        traps: person(),
        clientAddress: "203.0.113.8",
      });
      const [owner] = (await deliverOutbox()).filter((email) =>
        email.envelopeTo.includes("owner@presence.example"),
      );
      expect(owner!.parsed.html).toContain("Price &lt; 500 &amp; &quot;quoted&quot;");
    });

    it("discards bots (honeypot, no token, forged, too fast) as if they succeeded, storing and sending nothing", async () => {
      const honeypot = await receiveContactMessage(deps(), {
        fields: message,
        traps: { ...person(), honeypot: "https://spam.example" },
        clientAddress: "198.51.100.1",
      });
      const tooFast = await receiveContactMessage(deps(), {
        fields: message,
        traps: { formToken: formTokenIssuedAgo(config, clock, 500) },
        clientAddress: "198.51.100.2",
      });
      const forged = await receiveContactMessage(deps(), {
        fields: { ...message, email: "forger@example.com" },
        traps: { formToken: `${Date.now() - 60_000}.not-signed-by-the-server` },
        clientAddress: "198.51.100.3",
      });
      const noToken = await receiveContactMessage(deps(), {
        fields: { ...message, email: "api@example.com" },
        traps: {},
        clientAddress: "198.51.100.4",
      });
      expect(honeypot).toEqual({ outcome: "discarded", reason: "honeypot" });
      expect(tooFast).toEqual({ outcome: "discarded", reason: "too-fast" });
      expect(forged).toEqual({ outcome: "discarded", reason: "too-fast" });
      expect(noToken).toEqual({ outcome: "discarded", reason: "missing-token" });
      expect(await database.db.selectFrom("contact_messages").selectAll().execute()).toEqual([]);
      expect(await database.db.selectFrom("outbox_emails").selectAll().execute()).toEqual([]);
    });

    it("rate-limits per client address and per email address, in the database", async () => {
      const send = (clientAddress: string, email = "ada@example.com") =>
        receiveContactMessage(deps(), {
          fields: { ...message, email },
          traps: person(),
          clientAddress,
        });
      expect((await send("192.0.2.1", "a@example.com")).outcome).toBe("stored");
      expect((await send("192.0.2.1", "b@example.com")).outcome).toBe("stored");
      const limited = await send("192.0.2.1", "c@example.com");
      expect(limited.outcome).toBe("rate-limited");
      expect(limited.outcome === "rate-limited" && limited.retryAfterSeconds).toBeGreaterThan(0);
      // Same email address from other clients: also limited after two.
      expect((await send("192.0.2.2", "d@example.com")).outcome).toBe("stored");
      expect((await send("192.0.2.3", "d@example.com")).outcome).toBe("stored");
      expect((await send("192.0.2.4", "D@example.com")).outcome).toBe("rate-limited");
      clock.advance(10 * 60_000);
      expect((await send("192.0.2.1", "e@example.com")).outcome).toBe("stored");
      expect(await database.db.selectFrom("contact_messages").selectAll().execute()).toHaveLength(
        5,
      );
    });

    it("double opt-in: confirmation link, then welcome with the guides; unsubscribe by link", async () => {
      const signup = newsletterSignupSchema.parse({
        firstName: "Grace",
        email: "Grace@Example.com",
        interests: ["book", "insights"],
        source: "/signup",
      });
      expect(await requestSubscription(signup)).toBe("confirmation-sent");
      const subscriber = await newsletterMembership();
      expect(subscriber).toMatchObject({
        email: "Grace@Example.com",
        email_key: "grace@example.com",
        first_name: "Grace",
        status: "pending",
        source: "/signup",
        consented_at: clock.now().toISOString(),
      });
      expect(JSON.parse(subscriber.interests)).toEqual(["book", "insights"]);
      expect(subscriber.consent_text).toContain("Unsubscribe at any time.");

      const [confirmation] = await deliverOutbox();
      // Mail software lower-cases the domain; the local part is kept as typed.
      expect(confirmation!.parsed.to?.[0]?.address).toBe("Grace@example.com");
      expect(confirmation!.parsed.subject).toBe(
        "Please confirm your subscription to Presence Selling",
      );
      const unsubscribeLink = linkIn(confirmation!, "unsubscribe");
      expect(confirmation!.header("list-unsubscribe")).toBe(`<${unsubscribeLink.href}>`);
      expect(confirmation!.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
      const confirmLink = linkIn(confirmation!, "confirm");
      expect(confirmation!.parsed.html).toContain(confirmLink.href);

      const { token } = confirmLink;
      expect(await confirm(token.replace(/.$/, "x"))).toBe("invalid");
      // A newsletter token under the waitlist's path names no waitlist membership.
      expect(await confirmMembership(deps(), { list: "waitlist", token })).toBe("invalid");
      expect(await confirm(token)).toBe("confirmed");
      expect(await confirm(token)).toBe("already-confirmed");
      const [welcome, ...others] = await deliverOutbox();
      expect(others).toEqual([]);
      expect(welcome!.parsed.subject).toBe("Welcome to the Journey — Presence Selling");
      expect(welcome!.parsed.text).toContain("https://presence.example/all-resources");
      expect(welcome!.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

      const unsubscribeToken = linkIn(welcome!, "unsubscribe").token;
      expect(await unsubscribe(unsubscribeToken)).toBe("unsubscribed");
      expect(await unsubscribe(unsubscribeToken)).toBe("unsubscribed");
      expect(await unsubscribe(token)).toBe("invalid");
      const after = await newsletterMembership();
      expect(after.status).toBe("unsubscribed");
      expect(after.unsubscribed_at).toBeTruthy();
    });

    it("answers repeat signups alike and sends no second confirmation within the cooling period", async () => {
      const signup = (email: string) =>
        requestSubscription(newsletterSignupSchema.parse({ email, source: "/resources" }));
      await signup("lin@example.com");
      await signup("LIN@example.com");
      expect(await database.db.selectFrom("list_memberships").selectAll().execute()).toHaveLength(
        1,
      );
      expect(await deliverOutbox()).toHaveLength(1);

      clock.advance(confirmationCoolingMs);
      await signup("lin@example.com");
      expect(await deliverOutbox()).toHaveLength(1);
    });

    it("refuses expired and forged confirmation links, and still takes a link of the old format", async () => {
      await requestSubscription(
        newsletterSignupSchema.parse({ email: "old@example.com", source: "/signup" }),
      );
      const [confirmation] = await deliverOutbox();
      const { token } = linkIn(confirmation!, "confirm");
      const subscriber = await newsletterMembership();
      const forged = signNewsletterToken("another-secret-entirely", {
        purpose: "confirm",
        subscriberId: subscriber.id,
      });
      expect(await confirm(forged)).toBe("invalid");
      clock.advance(8 * 24 * 60 * 60_000);
      expect(await confirm(token)).toBe("expired");
      expect((await newsletterMembership()).status).toBe("pending");
      // A link sent before both lists shared one token scheme names the same membership id.
      const legacy = signNewsletterToken(config.NEWSLETTER_LINK_SECRET, {
        purpose: "confirm",
        subscriberId: subscriber.id,
        expiresAt: new Date(clock.now().getTime() + 60_000),
      });
      expect(await confirm(legacy)).toBe("confirmed");
      expect((await newsletterMembership()).status).toBe("confirmed");
    });
  });
}
