import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  builtServerLinkSecret,
  startBuiltServer,
  type BuiltServer,
} from "../../support/built-server";
import { builtServerFormToken } from "../../support/form-token";
import { SmtpSink } from "../../support/smtp-sink";
import { httpDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const endpoint = "/functions/v1/send-contact-email";
const valid = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  company: "",
  interest: "Keynote Speaking",
  message: "Could Daniel speak at our kick-off in March?",
};
let clientCounter = 0;
/** Each call a different visitor address (the per-address limit is tested on its own). */
const newClient = () => `198.51.100.${++clientCounter}`;

// One database (decision 327): statuses and emails; leads, signups and limits run on both in their
// service suites.
for (const dialect of httpDialects) {
  describe(`contact and signup over HTTP on ${dialect}`, () => {
    let database: TestDatabase;
    let sink: SmtpSink;
    let servers: BuiltServer[] = [];
    let mailDir: string;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      sink = await new SmtpSink().start();
      mailDir = mkdtempSync(path.join(tmpdir(), "leads-http-mail-"));
      const env = {
        DATABASE_URL: database.url,
        SMTP_URL: sink.url,
        MAIL_DIR: mailDir,
        SITE_URL: "http://leads.test",
        OWNER_EMAIL: "owner@leads.test",
        MAIL_FROM: "Presence Selling <no-reply@leads.test>",
        CONTACT_RATE_LIMIT: "3",
        CONTACT_MIN_FILL_SECONDS: "3",
        // The tests play a proxy on loopback that names each visitor in X-Forwarded-For.
        TRUST_PROXY: "loopback",
      };
      // Two instances on one database, as behind a load balancer.
      servers = await Promise.all([startBuiltServer(env), startBuiltServer(env)]);
    });
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await sink?.stop();
      await database?.dispose();
      rmSync(mailDir, { recursive: true, force: true });
    });
    beforeEach(async () => {
      sink.received.length = 0;
      await database.db.deleteFrom("outbox_emails").execute();
      await database.db.deleteFrom("contact_messages").execute();
      await database.db.deleteFrom("list_memberships").execute();
      await database.db.deleteFrom("rate_limit_windows").execute();
    });

    const post = (body: BodyInit, headers: Record<string, string>, server = 0) =>
      fetch(`${servers[server]!.baseURL}${endpoint}`, {
        method: "POST",
        body,
        headers: { "X-Forwarded-For": newClient(), ...headers },
      });
    /** A person's post: the form token the page handed out a minute ago, unless one is given. */
    const withToken = (value: unknown) =>
      typeof value === "object" && value !== null && !Array.isArray(value)
        ? { formToken: builtServerFormToken(builtServerLinkSecret), ...value }
        : value;
    const postJson = (value: unknown, headers: Record<string, string> = {}, server = 0) =>
      post(
        JSON.stringify(withToken(value)),
        { "Content-Type": "application/json", ...headers },
        server,
      );
    const storedMessages = () => database.db.selectFrom("contact_messages").selectAll().execute();

    it("stores a valid message, answers { success: true } and delivers both emails", async () => {
      const response = await postJson(valid);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true });
      expect(await storedMessages()).toMatchObject([
        {
          first_name: "Ada",
          email: "ada@example.com",
          interest: "Keynote Speaking",
          company: null,
        },
      ]);
      const emails = await sink.waitFor(2);
      const owner = emails.find((email) => email.envelopeTo.includes("owner@leads.test"));
      expect(owner?.parsed.replyTo?.[0]?.address).toBe("ada@example.com");
      expect(owner?.parsed.from?.address).toBe("no-reply@leads.test");
      expect(emails.find((email) => email.envelopeTo.includes("ada@example.com"))).toBeDefined();
      // It waits on the emails' arrival alone; the limit is for a hang. The first post to two
      // fresh servers and their first SMTP connections took more than 20 s at load 30.
    }, 60_000);

    it("answers bad input with 4xx and stores nothing", async () => {
      const cases: { name: string; response: Promise<Response>; status: number }[] = [
        {
          name: "over 32 KB",
          response: postJson({ ...valid, message: "x".repeat(33 * 1024) }),
          status: 413,
        },
        {
          name: "malformed JSON",
          response: post('{"firstName": "Ada",', { "Content-Type": "application/json" }),
          status: 400,
        },
        {
          name: "not JSON",
          response: post("firstName=Ada", {
            "Content-Type": "application/x-www-form-urlencoded",
          }),
          status: 415,
        },
        { name: "no content type", response: post(JSON.stringify(valid), {}), status: 415 },
        { name: "a JSON array", response: postJson([valid]), status: 400 },
        {
          name: "a number for a name",
          response: postJson({ ...valid, firstName: 42 }),
          status: 400,
        },
        {
          name: "an unknown interest",
          response: postJson({ ...valid, interest: "Free Lunch" }),
          status: 400,
        },
        {
          name: "a bad email",
          response: postJson({ ...valid, email: "not-an-email" }),
          status: 400,
        },
        {
          name: "a missing message",
          response: postJson({ ...valid, message: "   " }),
          status: 400,
        },
        {
          name: "a script payload",
          response: postJson({ ...valid, lastName: '<script>alert("x")</script>' }),
          status: 400,
        },
        {
          name: "markup in the message",
          response: postJson({ ...valid, message: 'Hi <img src=x onerror="alert(1)">' }),
          status: 400,
        },
      ];
      for (const { name, response, status } of cases) {
        const answer = await response;
        expect(answer.status, name).toBe(status);
        const body = (await answer.json()) as { success: boolean; error: string };
        expect(body.success, name).toBe(false);
        expect(body.error, name).toBeTruthy();
      }
      const typed = await (await postJson({ ...valid, firstName: 42, email: "nope" })).json();
      expect(typed.fieldErrors).toMatchObject({
        firstName: ["First name must be text"],
        email: ["Please enter a valid email address."],
      });
      expect(await storedMessages()).toEqual([]);
      expect(await database.db.selectFrom("outbox_emails").selectAll().execute()).toEqual([]);
    });

    it("tells a caught bot it succeeded and stores nothing", async () => {
      const honeypot = await postJson({ ...valid, hp_comment: "http://spam.example" });
      // A token fetched and sent at once: faster than anyone types.
      const fresh = await fetch(`${servers[0]!.baseURL}/functions/v1/form-token`);
      expect(fresh.headers.get("Cache-Control")).toBe("no-store");
      const { token } = (await fresh.json()) as { token: string };
      const tooFast = await postJson({ ...valid, formToken: token });
      // The client's own clock no longer counts: an old start time it made up is a forgery.
      const forged = await postJson({
        ...valid,
        email: "forger@example.com",
        formToken: String(Date.now() - 30_000),
      });
      for (const response of [honeypot, tooFast, forged]) {
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ success: true });
      }
      const person = await postJson({ ...valid, email: "person@example.com" });
      expect(await person.json()).toEqual({ success: true });
      expect(await storedMessages()).toHaveLength(1);
    });

    it("rate-limits one visitor address across both instances, with Retry-After", async () => {
      const visitor = { "X-Forwarded-For": "203.0.113.99" };
      const statuses: number[] = [];
      for (let index = 0; index < 4; index++) {
        const response = await postJson(
          { ...valid, email: `person${index}@example.com` },
          visitor,
          index % 2,
        );
        statuses.push(response.status);
        if (response.status === 429) {
          expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
          expect((await response.json()).success).toBe(false);
        }
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(await storedMessages()).toHaveLength(3);
    });

    it("refuses GET", async () => {
      const response = await fetch(`${servers[0]!.baseURL}${endpoint}`);
      expect(response.status).toBe(405);
    });

    it("without JavaScript: the form posts, redirects with the toast in a cookie, shows it once", async () => {
      const form = new URLSearchParams({
        ...valid,
        formToken: builtServerFormToken(builtServerLinkSecret),
      });
      const response = await fetch(`${servers[0]!.baseURL}/contact`, {
        method: "POST",
        body: form,
        redirect: "manual",
        headers: { "X-Forwarded-For": newClient() },
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/contact#contact-form");
      const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
      const page = await fetch(`${servers[0]!.baseURL}/contact`, { headers: { Cookie: cookie } });
      const html = await page.text();
      expect(html).toContain('data-testid="flash-toast"');
      expect(html).toContain("Message sent successfully!");
      expect(page.headers.get("Set-Cookie")).toMatch(/flash-toast=;.*Max-Age=0/i);
      expect(await storedMessages()).toHaveLength(1);

      const invalid = await fetch(`${servers[0]!.baseURL}/contact`, {
        method: "POST",
        body: new URLSearchParams({ ...valid, email: "" }),
        headers: { "X-Forwarded-For": newClient() },
      });
      expect(invalid.status).toBe(400);
      expect(await invalid.text()).toContain("Email is required");
    });

    it("without JavaScript: a refused contact or signup comes back as sent, its first error focused", async () => {
      /** The opening tag of the form control named `name` (`value` for one of a group). */
      const control = (html: string, name: string, value?: string) =>
        html.match(
          new RegExp(
            `<(?:input|textarea)[^>]*name="${name}"${value ? `[^>]*value="${value}"` : ""}[^>]*>`,
          ),
        )?.[0] ?? "";
      const contact = await fetch(`${servers[0]!.baseURL}/contact`, {
        method: "POST",
        body: new URLSearchParams({ ...valid, email: "not-an-address" }),
        headers: { "X-Forwarded-For": newClient() },
      });
      expect(contact.status).toBe(400);
      const contactPage = await contact.text();
      expect(control(contactPage, "firstName")).toContain(`value="${valid.firstName}"`);
      expect(control(contactPage, "email")).toMatch(/autofocus=""/);
      expect(control(contactPage, "firstName")).not.toMatch(/autofocus/);

      const signup = await fetch(`${servers[0]!.baseURL}/signup`, {
        method: "POST",
        body: new URLSearchParams([
          ["firstName", "Ada"],
          ["email", "ada@"],
          ["interests", "book"],
        ]),
        headers: { "X-Forwarded-For": newClient() },
      });
      expect(signup.status).toBe(400);
      const signupPage = await signup.text();
      expect(control(signupPage, "firstName")).toContain('value="Ada"');
      expect(control(signupPage, "email")).toContain('value="ada@"');
      expect(control(signupPage, "email")).toMatch(/autofocus=""/);
      expect(control(signupPage, "interests", "book")).toMatch(/checked=""/);
      expect(control(signupPage, "interests", "training")).not.toMatch(/checked/);
    });

    it("signup answers known and new addresses alike; one-click unsubscribe (RFC 8058) works", async () => {
      const signup = (email: string) =>
        fetch(`${servers[0]!.baseURL}/signup`, {
          method: "POST",
          body: new URLSearchParams({
            email,
            firstName: "Lin",
            source: "/resources",
            formToken: builtServerFormToken(builtServerLinkSecret),
          }),
          headers: { "X-Forwarded-For": newClient() },
        });
      // Only confirmations count: a previous test's contact emails may still be arriving.
      const confirmations = () =>
        sink.received.filter((email) =>
          email.parsed.subject?.includes("confirm your subscription"),
        );
      const waitForConfirmations = async (count: number) => {
        await expect
          .poll(() => confirmations().length, { timeout: 10_000 })
          .toBeGreaterThanOrEqual(count);
        return confirmations();
      };
      const first = await signup("lin@example.com");
      const [confirmation] = await waitForConfirmations(1);
      const again = await signup("LIN@example.com");
      const fresh = await signup("new@example.com");
      await waitForConfirmations(2);
      await new Promise((resolve) => setTimeout(resolve, 500));
      // One confirmation per address: none for the repeat within the cooling period.
      expect(
        confirmations()
          .map((email) => email.envelopeTo[0])
          .sort(),
      ).toEqual(["lin@example.com", "new@example.com"]);
      // Each answer carries its own script nonce; everything else must be the same.
      const bodies = await Promise.all(
        [first, again, fresh].map(async (response) =>
          (await response.text()).replaceAll(/ nonce="[^"]+"/g, ""),
        ),
      );
      expect([first.status, again.status, fresh.status]).toEqual([200, 200, 200]);
      expect(bodies[1]).toBe(bodies[0]);
      expect(bodies[2]).toBe(bodies[0]);
      expect(bodies[0]).toContain("Welcome to the Journey");

      const listUnsubscribe = confirmation!.header("list-unsubscribe")!;
      expect(confirmation!.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
      const url = new URL(listUnsubscribe.slice(1, -1));
      expect(url.origin).toBe("http://leads.test");
      expect(url.pathname).toMatch(/^\/lists\/newsletter\/unsubscribe\/[\w.-]+$/);
      const oneClick = await fetch(`${servers[1]!.baseURL}${url.pathname}`, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(oneClick.status).toBe(200);
      const subscriber = await database.db
        .selectFrom("list_memberships")
        .innerJoin("people", "people.id", "list_memberships.person_id")
        .select("list_memberships.status")
        .where("people.email_key", "=", "lin@example.com")
        .where("list", "=", "newsletter")
        .executeTakeFirstOrThrow();
      expect(subscriber.status).toBe("unsubscribed");
    });
  });
}
