import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../../support/built-server";
import {
  startSiteWithStripeFake,
  type SiteWithStripeFake,
} from "../../support/site-with-stripe-fake";
import { httpDialects } from "../../support/test-databases";
import { workshopCohort } from "../../support/workshop-cohort";
import { postAsNewVisitor } from "../../support/visitor-posts";

const SITE = "http://seats.test";
const settings = {
  WORKSHOP_RATE_LIMIT: "100",
  CHECKOUT_RATE_LIMIT: "100",
  TRUST_PROXY: "loopback",
};

/**
 * Issue 37 point D over HTTP: thirty visitors post the registration form at once, half to each of
 * two instances sharing one database, for a cohort's last two seats. Exactly two are sent to
 * Checkout; the other twenty-eight are offered the waiting list.
 */
// One database (decision 327): statuses over two instances; the seat race itself runs on both in
// workshops.
for (const dialect of httpDialects) {
  describe(`the last two seats over two instances on ${dialect}`, () => {
    let site: SiteWithStripeFake;
    let second: BuiltServer;
    const secondMail = mkdtempSync(path.join(tmpdir(), "seats-second-mail-"));

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
      await site.database.db
        .insertInto("workshop_events")
        .values(workshopCohort({ id: "last-two", held: 3, sold: 5, deposit_cents: null }))
        .execute();
    }, 120_000);
    afterAll(async () => {
      await second?.stop();
      await site?.stop();
      rmSync(secondMail, { recursive: true, force: true });
    });

    it("sends exactly two of thirty to Checkout and offers the rest the waiting list", async () => {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, n) =>
          postAsNewVisitor(
            `${(n % 2 ? second : site.server).baseURL}/foundations-program`,
            new URLSearchParams({
              intent: "register",
              cohortId: "last-two",
              name: `Visitor ${n}`,
              email: `visitor-${n}@example.com`,
              payment: "full",
            }).toString(),
            { "Content-Type": "application/x-www-form-urlencoded" },
          ),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses.filter((status) => status === 303)).toHaveLength(2);
      expect(statuses.filter((status) => status === 409)).toHaveLength(28);
      const redirected = answers.filter((answer) => answer.status === 303);
      for (const answer of redirected)
        expect(answer.headers.get("location")).toMatch(/\/c\/pay\/cs_test_/);
      const full = await answers.find((answer) => answer.status === 409)!.text();
      expect(full).toContain("Join the waiting list");
      const cohort = await site.database.db
        .selectFrom("workshop_events")
        .select(["held", "sold", "seats"])
        .where("id", "=", "last-two")
        .executeTakeFirstOrThrow();
      expect(cohort).toEqual({ held: 5, sold: 5, seats: 10 });
      const holds = await site.database.db
        .selectFrom("workshop_registrations")
        .select("id")
        .where("status", "=", "held")
        .execute();
      expect(holds).toHaveLength(2);
      expect(site.fake.sessions.size).toBe(2);
    }, 60_000);
  });
}
