import { withRenderedBodies } from "~/.server/mail";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "~/.server/core/config";
import { notifyWaitlist } from "~/.server/audience/lists/waitlist-announcement";
import { signLink } from "~/.server/core/signed-links";
import { action as buyNowAction } from "~/routes/buy-now";
import {
  action as confirmAction,
  loader as confirmLoader,
} from "~/routes/lists.$list.confirm.$token";
import { checkoutContext } from "../../support/checkout-context";
import { formTokenIssuedAgo } from "../../support/form-token";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const SITE = "https://presence.example";
const closed = parseConfig({
  SITE_URL: SITE,
  NEWSLETTER_LINK_SECRET: "waitlist-test-secret-long-enough",
});
const open = parseConfig({
  SITE_URL: SITE,
  NEWSLETTER_LINK_SECRET: "waitlist-test-secret-long-enough",
  SALES_OPEN: "true",
  STRIPE_SECRET_KEY: "sk_test_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
});

for (const dialect of allDialects) {
  describe(`waitlist on ${dialect}`, () => {
    let database: TestDatabase;
    let clock: ManualClock;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(async () => {
      await database.dispose();
    });
    beforeEach(async () => {
      await database.db.deleteFrom("list_memberships").execute();
      await database.db.deleteFrom("outbox_emails").execute();
      clock = new ManualClock();
    });

    async function signUp(email: string) {
      const form = new FormData();
      form.set("intent", "waitlist");
      form.set("email", email);
      form.set("formToken", formTokenIssuedAgo(closed, clock, 60_000));
      const reply = await buyNowAction({
        request: new Request(`${SITE}/buy-now`, { method: "POST", body: form }),
        context: await checkoutContext(closed, database.db, clock),
        params: {},
      } as never);
      // A refusal comes with its status (`data(reply, 400)`); the reply is what the page shows.
      return reply && "data" in reply ? reply.data : reply;
    }

    /** The waitlist's memberships with their addresses' keys. */
    const waitlist = () =>
      database.db
        .selectFrom("list_memberships")
        .innerJoin("people", "people.id", "list_memberships.person_id")
        .select(["list_memberships.status", "people.email_key"])
        .where("list", "=", "waitlist");

    async function emails(purpose: string) {
      return database.db
        .selectFrom("outbox_emails")
        .select(["to_address", "text_body", "template", "template_data"])
        .where("purpose", "=", purpose)
        .execute()
        .then((rows) => Promise.all(rows.map(withRenderedBodies)));
    }

    async function confirmToken(email: string) {
      const [mail] = (await emails("waitlist.confirmation")).filter(
        (row) => row.to_address === email,
      );
      return /\/lists\/waitlist\/confirm\/([\w.-]+)/.exec(mail!.text_body)![1]!;
    }

    async function confirm(token: string, config = closed) {
      const args = {
        request: new Request(`${SITE}/lists/waitlist/confirm/${token}`, { method: "POST" }),
        context: await checkoutContext(config, database.db, clock),
        params: { list: "waitlist", token },
      } as never;
      const { outcome } = (await confirmAction(args)).data;
      return { state: outcome === "already-confirmed" ? "confirmed" : outcome };
    }

    it("records a pending address and sends one confirmation email", async () => {
      const reply = await signUp("Reader@Example.com");
      expect(reply).toMatchObject({ intent: "waitlist", ok: true });
      await signUp("reader@example.com");
      const rows = await waitlist().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: "pending", email_key: "reader@example.com" });
      expect(await emails("waitlist.confirmation")).toHaveLength(1);
    });

    it("refuses an invalid address", async () => {
      expect(await signUp("not-an-email")).toEqual({
        intent: "waitlist",
        ok: false,
        message: "Please enter a valid email address.",
      });
      expect(await waitlist().execute()).toEqual([]);
    });

    it("confirms only through a click on a valid, unexpired link", async () => {
      await signUp("reader@example.com");
      const token = await confirmToken("reader@example.com");
      const page = await confirmLoader({
        request: new Request(`${SITE}/lists/waitlist/confirm/${token}`),
        context: await checkoutContext(closed, database.db, clock),
        params: { list: "waitlist", token },
      } as never);
      expect(page.init?.status).toBe(200);
      expect(page.data.state).toBe("ready");
      // Opening the link confirms nothing; the button's POST does.
      const before = await waitlist().execute();
      expect(before.map((row) => row.status)).toEqual(["pending"]);

      expect(await confirm(`${token.slice(0, -2)}xx`)).toEqual({ state: "invalid" });
      expect(await confirm(token)).toEqual({ state: "confirmed" });
      expect(await confirm(token)).toEqual({ state: "confirmed" });

      await signUp("late@example.com");
      const late = await confirmToken("late@example.com");
      clock.advance(8 * 24 * 3_600_000);
      expect(await confirm(late)).toEqual({ state: "expired" });
    });

    it("still confirms through a link sent before the lists shared one token scheme", async () => {
      await signUp("early@example.com");
      const [membership] = await database.db.selectFrom("list_memberships").select("id").execute();
      const legacy = signLink(
        closed.NEWSLETTER_LINK_SECRET,
        "waitlist-confirm",
        membership!.id,
        new Date(clock.now().getTime() + 60_000),
      );
      expect(await confirm(legacy)).toEqual({ state: "confirmed" });
      expect((await waitlist().execute()).map((row) => row.status)).toEqual(["confirmed"]);
    });

    it("sends each confirmed address exactly one 'now available' email once sales open", async () => {
      await signUp("one@example.com");
      await signUp("two@example.com");
      await signUp("unconfirmed@example.com");
      await confirm(await confirmToken("one@example.com"));
      await confirm(await confirmToken("two@example.com"));

      const outbox = { wake: () => {} };
      const closedDeps = { db: database.db, clock, config: closed, outbox };
      expect(await notifyWaitlist(closedDeps)).toBe(0);

      const openDeps = { db: database.db, clock, config: open, outbox };
      // Two instances starting at once still queue one email per address.
      const counts = await Promise.all([notifyWaitlist(openDeps), notifyWaitlist(openDeps)]);
      expect(counts[0]! + counts[1]!).toBe(2);
      expect(await notifyWaitlist(openDeps)).toBe(0);
      const sent = await emails("waitlist.now-available");
      expect(sent.map((row) => row.to_address).sort()).toEqual([
        "one@example.com",
        "two@example.com",
      ]);
      expect(sent[0]!.text_body).toContain(`${SITE}/buy-now`);

      // Confirming after sales opened sends that address its one email at once.
      await confirm(await confirmToken("unconfirmed@example.com"), open);
      expect(await emails("waitlist.now-available")).toHaveLength(3);
    });
  });
}
