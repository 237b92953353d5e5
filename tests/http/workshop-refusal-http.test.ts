import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startSiteWithStripeFake,
  type SiteWithStripeFake,
} from "../../support/site-with-stripe-fake";
import { httpDialects } from "../../support/test-databases";
import { postAsNewVisitor } from "../../support/visitor-posts";
import { workshopCohort } from "../../support/workshop-cohort";

/** The opening tag of the form control named `name` (`value` for one of a group), in `scope`. */
function control(scope: string, name: string, value?: string) {
  const pattern = `<input[^>]*name="${name}"${value ? `[^>]*value="${value}"` : ""}[^>]*>`;
  return scope.match(new RegExp(pattern))?.[0] ?? "";
}

/** The part of the page about one cohort: its list item. */
function cohortItem(page: string, cohortId: string) {
  const start = page.lastIndexOf("<li", page.indexOf(`value="${cohortId}"`));
  return page.slice(start, page.indexOf("</li>", page.indexOf(`value="${cohortId}"`)));
}

/**
 * Issue 50 point 1 on the workshop's forms (decision 318): a registration the server refuses,
 * posted without JavaScript, comes back with every choice as sent and the first error focused.
 */
// One database (decision 327): the page's markup does not depend on the dialect.
for (const dialect of httpDialects) {
  describe(`a refused workshop registration on ${dialect}`, () => {
    let site: SiteWithStripeFake;

    beforeAll(async () => {
      site = await startSiteWithStripeFake(dialect, {
        env: { WORKSHOP_RATE_LIMIT: "100", TRUST_PROXY: "loopback" },
      });
      await site.database.db
        .insertInto("workshop_events")
        .values([
          workshopCohort({ id: "roomy" }),
          // Its page shows a seat; the post finds none (another buyer took it meanwhile).
          workshopCohort({
            id: "raced",
            start_date: "2030-09-10",
            end_date: "2030-09-12",
            seats: 1,
          }),
        ])
        .execute();
    }, 120_000);
    afterAll(async () => {
      await site?.stop();
    });

    const register = (fields: Record<string, string>) =>
      postAsNewVisitor(
        `${site.server.baseURL}/foundations-program`,
        new URLSearchParams({ intent: "register", ...fields }).toString(),
        { "Content-Type": "application/x-www-form-urlencoded" },
      );

    it("keeps the name, the email and the full price chosen, and focuses the email", async () => {
      const refused = await register({
        cohortId: "roomy",
        name: "Ada Lovelace",
        email: "ada@",
        payment: "full",
      });
      expect(refused.status).toBe(400);
      const item = cohortItem(await refused.text(), "roomy");
      expect(control(item, "name")).toContain('value="Ada Lovelace"');
      expect(control(item, "name")).not.toMatch(/autofocus/);
      expect(control(item, "email")).toContain('value="ada@"');
      expect(control(item, "email")).toMatch(/autofocus=""/);
      expect(control(item, "payment", "full")).toMatch(/checked=""/);
      expect(control(item, "payment", "deposit")).not.toMatch(/checked/);
    });

    it("focuses the name first when both are wrong; keeps the deposit chosen", async () => {
      const refused = await register({
        cohortId: "roomy",
        name: "<b>Ada</b>",
        email: "ada@",
        payment: "deposit",
      });
      expect(refused.status).toBe(400);
      const item = cohortItem(await refused.text(), "roomy");
      expect(control(item, "name")).toMatch(/autofocus=""/);
      expect(control(item, "email")).not.toMatch(/autofocus/);
      expect(control(item, "payment", "deposit")).toMatch(/checked=""/);
      expect(control(item, "payment", "full")).not.toMatch(/checked/);
    });

    it("a lost seat race offers the waiting list with the name and email, the reason focused", async () => {
      await site.database.db
        .updateTable("workshop_events")
        .set({ sold: 1 })
        .where("id", "=", "raced")
        .execute();
      const refused = await register({
        cohortId: "raced",
        name: "Grace Hopper",
        email: "grace@example.com",
        payment: "full",
      });
      expect(refused.status).toBe(409);
      const item = cohortItem(await refused.text(), "raced");
      expect(item).toMatch(/<p[^>]*role="alert"[^>]*autofocus=""[^>]*>Sorry, the last seat/);
      expect(control(item, "name")).toContain('value="Grace Hopper"');
      expect(control(item, "email")).toContain('value="grace@example.com"');
      expect(control(item, "intent")).toContain('value="waitlist"');
    });
  });
}
