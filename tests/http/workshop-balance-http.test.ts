import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signLink } from "~/.server/core/signed-links";
import {
  builtServerLinkSecret,
  startBuiltServer,
  type BuiltServer,
} from "../../support/built-server";
import {
  startSiteWithStripeFake,
  type SiteWithStripeFake,
} from "../../support/site-with-stripe-fake";
import { httpDialects } from "../../support/test-databases";
import { workshopCohort } from "../../support/workshop-cohort";
import { newVisitorAddress, postAsNewVisitor } from "../../support/visitor-posts";

const SITE = "http://balance.test";
const settings = { WORKSHOP_RATE_LIMIT: "3", TRUST_PROXY: "loopback" };

/**
 * Issue 49 point 6 over HTTP: two presses of a balance's Pay button at once, one on each of two
 * instances sharing one database, leave one open Checkout session and send both to it; the
 * return page's look-up at Stripe is limited per address.
 */
// One database (decision 327): the race itself runs on both in workshops.
for (const dialect of httpDialects) {
  describe(`a workshop balance over two instances on ${dialect}`, () => {
    let site: SiteWithStripeFake;
    let second: BuiltServer;
    const secondMail = mkdtempSync(path.join(tmpdir(), "balance-second-mail-"));
    const page = () =>
      `/foundations-program/balance/${signLink(builtServerLinkSecret, "workshop-balance", "reg-1", null)}`;

    beforeAll(async () => {
      site = await startSiteWithStripeFake(dialect, { siteUrl: SITE, env: settings });
      second = await startBuiltServer({
        DATABASE_URL: site.database.url,
        MAIL_DIR: secondMail,
        SITE_URL: SITE,
        STRIPE_SECRET_KEY: "sk_test_x",
        STRIPE_WEBHOOK_SECRET: "whsec_x",
        STRIPE_API_BASE: site.fake.url,
        ...settings,
      });
      const now = new Date().toISOString();
      await site.database.db
        .insertInto("workshop_events")
        .values(workshopCohort({ id: "cohort-1", sold: 1 }))
        .execute();
      await site.database.db
        .insertInto("workshop_registrations")
        .values({
          id: "reg-1",
          event_id: "cohort-1",
          name: "Dana Reyes",
          email: "dana@example.com",
          person_id: null,
          status: "paid",
          payment: "deposit",
          price_cents: 1_449_500,
          charged_cents: 250_000,
          amount_paid_cents: 250_000,
          stripe_session_id: "cs_test_deposit",
          stripe_payment_intent_id: "pi_deposit",
          stripe_refund_id: null,
          hold_expires_at: now,
          offer_id: null,
          source: null,
          created_at: now,
          updated_at: now,
          paid_at: now,
          balance_session_id: null,
          balance_payment_intent_id: null,
          balance_paid_cents: 0,
          balance_paid_at: null,
          balance_refunded_cents: 0,
          balance_refunded_at: null,
          letters_stopped_at: null,
          cancelled_at: null,
          refunded_cents: 0,
          credit_cents: 0,
          invite_sequence: 0,
        })
        .execute();
    }, 120_000);
    afterAll(async () => {
      await second?.stop();
      await site?.stop();
      rmSync(secondMail, { recursive: true, force: true });
    });

    it("sends two racing presses on two instances to one open session", async () => {
      // Both presses have read the registration before Stripe makes either session.
      site.fake.holdSessionCreates(2);
      const answers = await Promise.all(
        [site.server, second].map((server) =>
          postAsNewVisitor(`${server.baseURL}${page()}`, "", {
            "Content-Type": "application/x-www-form-urlencoded",
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
      const open = [...site.fake.sessions.values()].filter((session) => session.status === "open");
      expect(site.fake.sessions.size).toBe(2);
      expect(open).toHaveLength(1);
      expect(answers.map((answer) => answer.headers.get("location"))).toEqual([
        open[0]!.url,
        open[0]!.url,
      ]);
    }, 60_000);

    it("answers 429 to a fourth return from one address, asking Stripe nothing", async () => {
      // Any session id costs a look-up at Stripe; this one is unknown there.
      const sessionId = "cs_test_unknown";
      const address = newVisitorAddress();
      const back = () =>
        fetch(`${site.server.baseURL}${page()}?session_id=${sessionId}`, {
          headers: { "X-Forwarded-For": address },
        });
      for (let n = 0; n < 3; n += 1) expect((await back()).status).toBe(200);
      const asked = site.fake.requests.length;
      const limited = await back();
      expect(limited.status).toBe(429);
      expect(await limited.text()).toContain("Too many tries from here");
      expect(site.fake.requests.length).toBe(asked);
    }, 60_000);
  });
}
