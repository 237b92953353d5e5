import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AppConfig } from "~/.server/core/config";
import { systemClock } from "~/.server/core/clock";
import { builtServerLinkSecret, type BuiltServer } from "../../support/built-server";
import { formTokenIssuedAgo } from "../../support/form-token";
import {
  startSiteWithStripeFake,
  type SiteWithStripeFake,
} from "../../support/site-with-stripe-fake";
import type { StripeFake } from "../../support/stripe-fake";
import { httpDialects, type TestDatabase } from "../../support/test-databases";
import { postFormAsNewVisitor, postJsonAsNewVisitor } from "../../support/visitor-posts";

const SITE = "http://traps.test";
// Long enough that a token fetched by the test is always too young, however slow the machine.
const minFillSeconds = 600;
/** Tables a public form may fill: a dropped post leaves every one of them empty. */
const writtenTables = [
  "bookings",
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
   * A post with no token at all from a form that sits on prerendered pages (the newsletter's):
   * nothing is kept either, but the answer asks a person without JavaScript for one more click.
   */
  answerWithoutToken?: (response: Response) => Promise<string>;
};

const postForm = postFormAsNewVisitor;
const postJson = postJsonAsNewVisitor;
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
    post: (baseURL, formToken) =>
      postForm(`${baseURL}/signup`, { email: "reader@example.com", formToken }),
    answer: pageShowing('data-testid="signup-submitted"'),
    answerWithoutToken: pageShowing('data-testid="signup-one-more-click"'),
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
  {
    name: "the intro call form on /booking",
    post: async (baseURL, formToken) =>
      postForm(`${baseURL}/booking?tz=UTC`, {
        timeZone: "UTC",
        start: await firstFreeSlot(baseURL),
        name: "Priya",
        email: "priya@example.com",
        formToken,
      }),
    answer: pageShowing("Check your email"),
  },
];

/** A start time /booking offers now (each run's slots depend on the day). */
async function firstFreeSlot(baseURL: string) {
  const html = await (await fetch(`${baseURL}/booking?tz=UTC`)).text();
  const start = /name="start" value="([^"]+)"/.exec(html)?.[1];
  if (!start) throw new Error("/booking offers no free slot");
  return start;
}

// One database (decision 327): every form's traps answer before any write: no query differs.
for (const dialect of httpDialects) {
  describe(`form tokens on every public form on ${dialect}`, () => {
    let site: SiteWithStripeFake;
    let database: TestDatabase;
    let fake: StripeFake;
    let server: BuiltServer;

    beforeAll(async () => {
      site = await startSiteWithStripeFake(dialect, {
        siteUrl: SITE,
        env: {
          CONTACT_MIN_FILL_SECONDS: String(minFillSeconds),
          FORM_TOKEN_RATE_LIMIT: "3",
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
      it(`${form.name}: a missing, forged or too young token keeps nothing and is told it succeeded (the newsletter asks for one more click when there is none)`, async () => {
        for (const [kind, token] of Object.entries(await botTokens())) {
          const response = await form.post(server.baseURL, token);
          const withoutToken = kind === "missing" && form.answerWithoutToken;
          const answer = await (withoutToken || form.answer)(response);
          expect({ kind, rowsWritten: await rowsWritten() }).toEqual({ kind, rowsWritten: 0 });
          const person = await (withoutToken || form.answer)(
            await form.post(server.baseURL, personToken()),
          );
          // The newsletter's one-more-click page shows for a missing token only, never for a person.
          if (withoutToken) expect(person).not.toEqual(answer);
          else expect({ kind, answer }).toEqual({ kind, answer: person });
          // The person's post is kept (a signup's rows are written just after the answer): the drop
          // was the token's doing.
          await expect.poll(rowsWritten).toBeGreaterThan(0);
          for (const table of [...writtenTables, "rate_limit_windows"] as const) {
            await database.db.deleteFrom(table).execute();
          }
        }
        expect(server.output()).toContain("form post dropped by a spam trap");
      });
    }

    it("hands out form tokens uncached and a few per visitor: a loop asking for more is refused", async () => {
      const ask = (visitor: string) =>
        fetch(`${server.baseURL}/functions/v1/form-token`, {
          headers: { "X-Forwarded-For": visitor },
        });
      const answers = [];
      for (let round = 0; round < 4; round++) answers.push(await ask("203.0.113.70"));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
      expect(answers.map((answer) => answer.headers.get("Cache-Control"))).toEqual(
        Array(4).fill("no-store"),
      );
      expect(Number(answers[3]!.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect((await ask("203.0.113.71")).status).toBe(200);
    });

    it("/signup without a token (a page read without JavaScript) hands the fields back with a fresh token: one more click subscribes", async () => {
      const sent = {
        firstName: "Lin",
        email: "no-script@example.com",
        interests: "book",
        source: "/resources",
      };
      const firstPost = await postForm(`${server.baseURL}/signup`, sent);
      expect(firstPost.status).toBe(200);
      expect(firstPost.headers.get("Cache-Control")).toContain("no-store");
      const page = await firstPost.text();
      expect(page).toContain('data-testid="signup-one-more-click"');
      expect(await rowsWritten()).toBe(0);

      const start = page.indexOf('data-testid="signup-one-more-click"');
      const form = page.slice(start, page.indexOf("</form>", start));
      const fields = Object.fromEntries(
        [...form.matchAll(/<input\b[^>]*>/g)].flatMap(([input]) => {
          const name = /\bname="([^"]*)"/.exec(input)?.[1];
          return name ? [[name, /\bvalue="([^"]*)"/.exec(input)?.[1] ?? ""]] : [];
        }),
      );
      expect(fields).toMatchObject({ ...sent, hp_comment: "" });
      expect(fields.formToken).toMatch(/\S/);

      // A bot that posts the page straight back is still sooner than a person reads it.
      await postForm(`${server.baseURL}/signup`, fields);
      expect(await rowsWritten()).toBe(0);
      // A person presses the button after reading the line above it: a second is enough.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const secondPost = await postForm(`${server.baseURL}/signup`, fields);
      expect(await pageShowing('data-testid="signup-submitted"')(secondPost)).toBe("200  true");
      const member = () =>
        database.db
          .selectFrom("list_memberships")
          .innerJoin("people", "people.id", "list_memberships.person_id")
          .select([
            "people.email",
            "people.first_name",
            "list_memberships.interests",
            "list_memberships.source",
          ])
          .executeTakeFirst();
      await expect.poll(member).toEqual({
        email: sent.email,
        first_name: "Lin",
        interests: '["book"]',
        source: "/resources",
      });
    });

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
