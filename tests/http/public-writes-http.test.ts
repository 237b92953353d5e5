import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { builtServerLinkSecret, type BuiltServer } from "../../support/built-server";
import { builtServerFormToken } from "../../support/form-token";
import { membershipLinks } from "~/.server/audience/lists/list-links";
import {
  startSiteWithStripeFake,
  type SiteWithStripeFake,
} from "../../support/site-with-stripe-fake";
import type { StripeFake } from "../../support/stripe-fake";
import { httpDialects, type TestDatabase } from "../../support/test-databases";
import { postAsNewVisitor } from "../../support/visitor-posts";

const SITE = "http://writes.test";

/** Every form action of the site: a hostile body must get a 4xx there, never a 5xx. */
const formActions = [
  "/contact",
  "/signup",
  "/buy-now",
  "/lists/newsletter/confirm/not-a-token",
  "/lists/waitlist/unsubscribe/not-a-token",
  // Unsubscribe links in emails sent before both lists shared /lists/...: one-click still posts.
  "/newsletter/unsubscribe",
  "/payment-success?session_id=cs_test_none",
  // Register for a cohort or join its waiting list; take a waiting-list offer (issue 37).
  "/foundations-program",
  "/foundations-program/offer/not-a-token",
];
const jsonFunctions = [
  "/functions/v1/send-contact-email",
  "/functions/v1/create-checkout-session",
  // The purchase page's beacon at the press (decision 275).
  "/functions/v1/checkout-press",
];

/** Tables a public write may fill: a refusal leaves every one of them empty. */
const writtenTables = [
  "contact_messages",
  "list_memberships",
  "orders",
  "outbox_emails",
  "people",
  "workshop_registrations",
  "workshop_waitlist",
] as const;

// One database (decision 327): caps, limits and statuses; the limit's counter runs on both in
// rate-limit.
for (const dialect of httpDialects) {
  describe(`public writes over HTTP on ${dialect}`, () => {
    let site: SiteWithStripeFake;
    let database: TestDatabase;
    let fake: StripeFake;
    let server: BuiltServer;

    beforeAll(async () => {
      site = await startSiteWithStripeFake(dialect, {
        siteUrl: SITE,
        env: {
          NEWSLETTER_RATE_LIMIT: "2",
          CHECKOUT_RATE_LIMIT: "2",
          // The tests play a proxy on loopback that names each visitor in X-Forwarded-For.
          TRUST_PROXY: "loopback",
        },
      });
      ({ database, fake, server } = site);
    });
    afterAll(async () => {
      await site?.stop();
    });
    beforeEach(async () => {
      await site.reset(writtenTables);
    });

    const post = (pathname: string, body: BodyInit, headers: Record<string, string> = {}) =>
      postAsNewVisitor(`${server.baseURL}${pathname}`, body, headers);

    async function expectNothingWritten() {
      for (const table of writtenTables) {
        expect(await database.db.selectFrom(table).selectAll().execute(), table).toEqual([]);
      }
    }

    it("refuses a wrong or missing Content-Type on every form action with 415", async () => {
      for (const pathname of formActions) {
        const wrong = await post(pathname, "email=a@example.com", {
          "Content-Type": "text/plain",
        });
        expect(wrong.status, `${pathname} text/plain`).toBe(415);
        expect(await wrong.text(), pathname).toContain("application/x-www-form-urlencoded");
        // A byte body: fetch names no type at all.
        const missing = await post(pathname, new TextEncoder().encode("email=a@example.com"));
        // Actions that take no fields (one-click unsubscribe, the waitlist's confirm button) read an
        // untyped body as empty; mail providers' RFC 8058 posts do not all name a type.
        const untypedWelcome = ["/newsletter/unsubscribe", "/lists/"].some((start) =>
          pathname.startsWith(start),
        );
        // Read as empty, such a post is then refused for its forged link (404), never for its type.
        const expected = untypedWelcome ? 404 : 415;
        expect(missing.status, `${pathname} without a type`).toBe(expected);
      }
      await expectNothingWritten();
    });

    /** A reader who signed up through the form, and the unsubscribe token their emails carry. */
    async function subscribersUnsubscribeToken() {
      const signup = await post(
        "/signup",
        new URLSearchParams({
          firstName: "Ada",
          email: "one-click@example.com",
          formToken: builtServerFormToken(builtServerLinkSecret),
        }).toString(),
        { "Content-Type": "application/x-www-form-urlencoded" },
      );
      expect(signup.status).toBeLessThan(400);
      // Written just after the answer (equal time for known and new addresses).
      const firstMembership = () =>
        database.db.selectFrom("list_memberships").select("id").executeTakeFirst();
      await expect.poll(firstMembership).toBeTruthy();
      const membership = (await firstMembership())!;
      const config = { NEWSLETTER_LINK_SECRET: builtServerLinkSecret, SITE_URL: SITE };
      const { unsubscribe } = membershipLinks(
        config,
        { list: "newsletter", membershipId: membership.id },
        new Date(),
      );
      return unsubscribe.split("/").pop()!;
    }

    it("keeps RFC 8058 one-click unsubscribe working whether or not the mail provider names a type", async () => {
      const token = await subscribersUnsubscribeToken();
      const typed = await post(
        `/newsletter/unsubscribe?token=${token}`,
        "List-Unsubscribe=One-Click",
        {
          "Content-Type": "application/x-www-form-urlencoded",
        },
      );
      const multipart = new FormData();
      multipart.set("List-Unsubscribe", "One-Click");
      const asMultipart = await post(`/newsletter/unsubscribe?token=${token}`, multipart);
      const current = await post(
        `/lists/newsletter/unsubscribe/${token}`,
        "List-Unsubscribe=One-Click",
        {
          "Content-Type": "application/x-www-form-urlencoded",
        },
      );
      for (const response of [typed, asMultipart, current]) expect(response.status).toBe(200);
      const forged = await post(
        "/lists/newsletter/unsubscribe/unknown",
        "List-Unsubscribe=One-Click",
        {
          "Content-Type": "application/x-www-form-urlencoded",
        },
      );
      expect(forged.status).toBe(404);
    });

    it("sends links from emails older than /lists/... to their new address, token and all", async () => {
      const moved = {
        "/newsletter/confirm?token=abc.def": "/lists/newsletter/confirm/abc.def",
        "/newsletter/unsubscribe?token=abc.def": "/lists/newsletter/unsubscribe/abc.def",
        "/waitlist/confirm/abc.def": "/lists/waitlist/confirm/abc.def",
      };
      for (const [old, current] of Object.entries(moved)) {
        const response = await fetch(`${server.baseURL}${old}`, { redirect: "manual" });
        expect(response.status, old).toBe(301);
        expect(response.headers.get("Location"), old).toBe(current);
      }
      const unknownList = await fetch(`${server.baseURL}/lists/other/confirm/abc.def`);
      expect(unknownList.status).toBe(404);
    });

    it("refuses NUL bytes and malformed multipart bodies with 400", async () => {
      for (const pathname of formActions) {
        const nul = await post(pathname, "email=a%00b%40example.com&firstName=A", {
          "Content-Type": "application/x-www-form-urlencoded",
        });
        expect(nul.status, `${pathname} NUL`).toBe(400);
        expect(await nul.text(), pathname).toContain("NUL character");
        const broken = await post(pathname, "--x\r\nContent-Disposition: form-data\r\n\r\nno end", {
          "Content-Type": "multipart/form-data; boundary=x",
        });
        expect(broken.status, `${pathname} malformed multipart`).toBe(400);
      }
      for (const pathname of jsonFunctions) {
        const nul = await post(
          pathname,
          JSON.stringify({ firstName: "A\u0000", email: "a@b.co" }),
          {
            "Content-Type": "application/json",
          },
        );
        expect(nul.status, `${pathname} NUL`).toBe(400);
        expect(((await nul.json()) as { error: string }).error).toContain("NUL character");
        const wrong = await post(pathname, "a=b", {
          "Content-Type": "application/x-www-form-urlencoded",
        });
        expect(wrong.status, `${pathname} form type`).toBe(415);
      }
      await expectNothingWritten();
    });

    it("refuses a body over the cap with 413 and keeps serving", async () => {
      for (const pathname of formActions) {
        const declared = await post(pathname, "email=" + "a".repeat(100 * 1024), {
          "Content-Type": "application/x-www-form-urlencoded",
        });
        expect(declared.status, `${pathname} declared`).toBe(413);
        expect(await declared.text(), pathname).toContain("larger than 64 KB");
      }
      // Chunked bodies (every page action, the contact function): hostile-input-http.test.ts.
      expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);
      await expectNothingWritten();
    });

    it("limits waitlist signups per client address, and a filled honeypot stores nothing", async () => {
      const visitor = { "X-Forwarded-For": "203.0.113.50" };
      const join = (email: string, extra: Record<string, string> = {}) =>
        post(
          "/buy-now",
          new URLSearchParams({
            intent: "waitlist",
            email,
            formToken: builtServerFormToken(builtServerLinkSecret),
            ...extra,
          }),
          visitor,
        );
      const bot = await post(
        "/buy-now",
        new URLSearchParams({
          intent: "waitlist",
          email: "bot@example.com",
          hp_comment: "http://spam.example",
          formToken: builtServerFormToken(builtServerLinkSecret),
        }),
      );
      expect(bot.status).toBe(200);
      expect(await database.db.selectFrom("list_memberships").selectAll().execute()).toEqual([]);

      const statuses = [];
      for (const email of ["one@example.com", "two@example.com", "three@example.com"]) {
        const response = await join(email);
        statuses.push(response.status);
        if (response.status === 429) {
          expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
          expect(await response.text()).toContain("Too many signups");
        }
      }
      expect(statuses).toEqual([200, 200, 429]);
      const waitlisted = async () =>
        (
          await database.db
            .selectFrom("list_memberships")
            .innerJoin("people", "people.id", "list_memberships.person_id")
            .select("people.email")
            .where("list", "=", "waitlist")
            .execute()
        )
          .map((row) => row.email)
          .sort();
      // Written just after each answer (equal time for known and new addresses).
      await expect.poll(waitlisted).toEqual(["one@example.com", "two@example.com"]);
    });

    it("limits checkouts and the success page's Stripe look-ups per client address", async () => {
      const visitor = { "X-Forwarded-For": "203.0.113.60" };
      const checkout = () =>
        post(
          "/functions/v1/create-checkout-session",
          JSON.stringify({
            productId: "no-self-selling-book",
            format: "pdf",
            successUrl: `${SITE}/payment-success?sessionId={CHECKOUT_SESSION_ID}`,
            cancelUrl: `${SITE}/buy-now`,
            email: "buyer@example.com",
            formToken: builtServerFormToken(builtServerLinkSecret),
          }),
          { "Content-Type": "application/json", ...visitor },
        );
      const statuses = [(await checkout()).status, (await checkout()).status];
      const limited = await checkout();
      statuses.push(limited.status);
      expect(statuses).toEqual([200, 200, 429]);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await database.db.selectFrom("orders").selectAll().execute()).toHaveLength(2);

      const stripeCalls = fake.requests.length;
      const lookUp = () =>
        fetch(`${server.baseURL}/payment-success?session_id=cs_test_unknown`, {
          headers: { "X-Forwarded-For": "203.0.113.61" },
        });
      for (let index = 0; index < 2; index++) expect((await lookUp()).status).toBe(200);
      const refused = await (await lookUp()).text();
      expect(refused).toContain("We could not confirm your payment just now");
      // The third look-up never reached Stripe.
      expect(fake.requests.length - stripeCalls).toBe(2);
    });
  });
}
