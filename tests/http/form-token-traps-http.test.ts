import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AppConfig } from "~/.server/core/config";
import { systemClock } from "~/.server/core/clock";
import {
  builtServerLinkSecret,
  startBuiltServer,
  type BuiltServer,
} from "../../support/built-server";
import { formTokenIssuedAgo } from "../../support/form-token";
import { startStripeFake, type StripeFake } from "../../support/stripe-fake";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const SITE = "http://traps.test";
// Long enough that a token fetched by the test is always too young, however slow the machine.
const minFillSeconds = 600;
/** Tables a public form may fill: a dropped post leaves every one of them empty. */
const writtenTables = [
  "contact_messages",
  "list_memberships",
  "orders",
  "outbox_emails",
  "people",
] as const;

const tokenIssuedAgo = (secret: string, msAgo: number) =>
  formTokenIssuedAgo({ NEWSLETTER_LINK_SECRET: secret } as AppConfig, systemClock, msAgo);

/** A public form: how to post it with a given token (or none), and what its answer says. */
type PublicForm = {
  name: string;
  post(baseURL: string, token: string | undefined): Promise<Response>;
  /** The answer's visible part: a dropped post must be told the same as a person. */
  answer(response: Response): Promise<string>;
  /**
   * The newsletter keeps a post that has no token at all: its boxes sit on prerendered pages,
   * which have none without JavaScript, and its confirmation email is the real gate (decision 064).
   */
  keepsPostWithoutToken?: true;
};

let clientCounter = 0;
/** Each post its own visitor: the rate limits are not what these tests are about. */
const newClient = () => `198.51.100.${++clientCounter}`;

const postForm = (url: string, fields: Record<string, string | undefined>) =>
  fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "X-Forwarded-For": newClient() },
    body: new URLSearchParams(
      Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
  });
const postJson = (url: string, body: Record<string, unknown>) =>
  fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": newClient() },
    body: JSON.stringify(body),
  });
const statusAndBody = async (response: Response) => `${response.status} ${await response.text()}`;
/** A server-rendered page's answer: its status, redirect and whether it shows `message`. */
const pageShowing = (message: string) => async (response: Response) =>
  `${response.status} ${response.headers.get("Location") ?? ""} ${(await response.text()).includes(message)}`;

const forms: PublicForm[] = [
  {
    name: "the send-contact-email function",
    post: (baseURL, formToken) =>
      postJson(`${baseURL}/functions/v1/send-contact-email`, {
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@example.com",
        interest: "Keynote Speaking",
        message: "Could Daniel speak at our kick-off in March?",
        formToken,
      }),
    answer: statusAndBody,
  },
  {
    name: "the /contact form",
    post: (baseURL, formToken) =>
      postForm(`${baseURL}/contact`, {
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@example.com",
        interest: "Keynote Speaking",
        message: "Could Daniel speak at our kick-off in March?",
        formToken,
      }),
    answer: pageShowing("Message sent"),
  },
  {
    name: "the /signup form",
    keepsPostWithoutToken: true,
    post: (baseURL, formToken) =>
      postForm(`${baseURL}/signup`, { email: "reader@example.com", formToken }),
    answer: pageShowing("Check your inbox"),
  },
  {
    name: "the waitlist form on /buy-now",
    post: (baseURL, formToken) =>
      postForm(`${baseURL}/buy-now`, {
        intent: "waitlist",
        email: "waiting@example.com",
        formToken,
      }),
    answer: pageShowing("Check your inbox"),
  },
];

for (const dialect of allDialects) {
  describe(`form tokens on every public form on ${dialect}`, () => {
    let database: TestDatabase;
    let fake: StripeFake;
    let server: BuiltServer;
    let mailDir: string;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      fake = await startStripeFake();
      mailDir = mkdtempSync(path.join(tmpdir(), "form-token-traps-mail-"));
      server = await startBuiltServer({
        DATABASE_URL: database.url,
        MAIL_DIR: mailDir,
        SITE_URL: SITE,
        SALES_OPEN: "true",
        STRIPE_SECRET_KEY: "sk_test_x",
        STRIPE_WEBHOOK_SECRET: "whsec_x",
        STRIPE_API_BASE: fake.url,
        CONTACT_MIN_FILL_SECONDS: String(minFillSeconds),
        TRUST_PROXY: "loopback",
      });
    });
    afterAll(async () => {
      await server?.stop();
      await fake?.close();
      await database?.dispose();
      rmSync(mailDir, { recursive: true, force: true });
    });
    beforeEach(async () => {
      for (const table of [...writtenTables, "rate_limit_windows"] as const) {
        await database.db.deleteFrom(table).execute();
      }
      fake.requests.length = 0;
    });

    async function rowsWritten() {
      let rows = 0;
      for (const table of writtenTables) {
        rows += (await database.db.selectFrom(table).selectAll().execute()).length;
      }
      return rows;
    }

    /** The three posts a bot may send: no token, a forged one, one fetched just now. */
    async function botTokens() {
      const fetched = await fetch(`${server.baseURL}/functions/v1/form-token`);
      const { token: tooYoung } = (await fetched.json()) as { token: string };
      return {
        missing: undefined,
        forged: tokenIssuedAgo("a-secret-the-server-never-had", 2 * minFillSeconds * 1000),
        "too young": tooYoung,
      };
    }
    const personToken = () => tokenIssuedAgo(builtServerLinkSecret, 2 * minFillSeconds * 1000);

    for (const form of forms) {
      it(`${form.name}: a forged or too young token (and, but for the newsletter, a missing one) is told it succeeded, and nothing is kept`, async () => {
        for (const [kind, token] of Object.entries(await botTokens())) {
          const answer = await form.answer(await form.post(server.baseURL, token));
          if (kind === "missing" && form.keepsPostWithoutToken) {
            // Kept as a pending member with a confirmation email: no lead from a page without
            // JavaScript is lost, and nobody is mailed more than that one question.
            expect(await rowsWritten()).toBeGreaterThan(0);
            for (const table of [...writtenTables, "rate_limit_windows"] as const) {
              await database.db.deleteFrom(table).execute();
            }
          } else {
            expect({ kind, rowsWritten: await rowsWritten() }).toEqual({ kind, rowsWritten: 0 });
          }
          const person = await form.answer(await form.post(server.baseURL, personToken()));
          expect({ kind, answer }).toEqual({ kind, answer: person });
          // The person's post is kept: the drop was the token's doing.
          expect(await rowsWritten()).toBeGreaterThan(0);
          for (const table of [...writtenTables, "rate_limit_windows"] as const) {
            await database.db.deleteFrom(table).execute();
          }
        }
        expect(server.output()).toContain("form post dropped by a spam trap");
      });
    }

    it("checkout: a missing, forged or too young token opens no Stripe session and keeps no order", async () => {
      const checkout = (formToken: string | undefined) =>
        postJson(`${server.baseURL}/functions/v1/create-checkout-session`, {
          productId: "no-self-selling-book",
          formats: ["pdf"],
          successUrl: `${SITE}/payment-success?sessionId={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${SITE}/buy-now`,
          email: "buyer@example.com",
          formToken,
        });
      const answers = new Set<string>();
      for (const token of Object.values(await botTokens())) {
        answers.add(await statusAndBody(await checkout(token)));
      }
      // Told alike whichever token it sent: nothing says which trap caught it.
      expect(answers.size).toBe(1);
      expect(await rowsWritten()).toBe(0);
      expect(fake.requests).toEqual([]);
      const person = await checkout(personToken());
      expect(person.status).toBe(200);
      expect(fake.requests.length).toBeGreaterThan(0);
    });
  });
}
