import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "~/.server/core/config";
import { receiveNewsletterSignup } from "~/.server/audience/lists/newsletter-signup";
import { joinWaitlist } from "~/.server/audience/lists/waitlist";
import {
  replaySignupRequests,
  signupReplayAfterMs,
} from "~/.server/audience/lists/signup-requests";
import { requestMembership } from "~/.server/audience/lists/list-memberships";
import type { ListName } from "~/lib/lists";
import { formTokenIssuedAgo } from "../../support/form-token";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const config = parseConfig({
  SITE_URL: "https://presence.example",
  NEWSLETTER_LINK_SECRET: "a-test-secret-of-enough-length",
});

// Issue 20 point 6: the signup is kept before the answer, for a known and a new address alike,
// so a database failure in the work after the answer loses nothing.
for (const dialect of allDialects) {
  describe(`signups kept before the answer on ${dialect}`, () => {
    let database: TestDatabase;
    let clock: ManualClock;
    let later: (() => Promise<unknown>)[];

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(async () => {
      await database.dispose();
    });
    beforeEach(async () => {
      for (const table of [
        "signup_requests",
        "outbox_emails",
        "list_memberships",
        "people",
        "rate_limit_windows",
      ] as const) {
        await database.db.deleteFrom(table).execute();
      }
      clock = new ManualClock();
      later = [];
    });

    /** Deps of a request whose after-answer work is held for the test to run (or not). */
    const deps = () => ({
      db: database.db,
      clock,
      config,
      outbox: { wake: () => undefined },
      afterAnswer: (_what: string, work: () => Promise<unknown>) => void later.push(work),
    });
    const traps = () => ({ formToken: formTokenIssuedAgo(config, clock, 60_000) });

    async function signUp(list: ListName, email: string) {
      const outcome =
        list === "newsletter"
          ? await receiveNewsletterSignup(deps(), {
              fields: { email, firstName: "Ada", interests: ["book"], source: "/signup" },
              traps: traps(),
              clientAddress: "203.0.113.9",
            })
          : await joinWaitlist(deps(), {
              fields: { email },
              traps: traps(),
              clientAddress: "203.0.113.9",
            });
      expect(outcome).toEqual({ outcome: "accepted" });
    }

    const membership = (list: ListName, email: string) =>
      database.db
        .selectFrom("list_memberships")
        .innerJoin("people", "people.id", "list_memberships.person_id")
        .select(["list_memberships.status"])
        .where("list", "=", list)
        .where("people.email_key", "=", email)
        .executeTakeFirst();
    const kept = () =>
      database.db.selectFrom("signup_requests").select("email_key").orderBy("email_key").execute();
    const confirmations = (list: ListName) =>
      database.db
        .selectFrom("outbox_emails")
        .select("to_address")
        .where("purpose", "=", `${list}.confirmation`)
        .execute();

    for (const list of ["newsletter", "waitlist"] as const) {
      it(`keeps a ${list} signup of a known and of a new address through a failure after the answer`, async () => {
        await requestMembership(
          { ...deps(), afterAnswer: undefined },
          { list, email: "known@example.com", source: "/signup", consentText: "Yes" },
        );
        await database.db.deleteFrom("outbox_emails").execute();
        clock.advance(2 * 3_600_000);

        await signUp(list, "known@example.com");
        await signUp(list, "new@example.com");
        // Answered: both are kept alike, and nothing else was written yet.
        expect(await kept()).toEqual([
          { email_key: "known@example.com" },
          { email_key: "new@example.com" },
        ]);
        expect(await membership(list, "new@example.com")).toBeUndefined();

        // The database fails under the work after the answer.
        await database.db.schema
          .alterTable("list_memberships")
          .renameTo("memberships_away")
          .execute();
        try {
          for (const work of later) await expect(work()).rejects.toThrow();
        } finally {
          await database.db.schema
            .alterTable("memberships_away")
            .renameTo("list_memberships")
            .execute();
        }
        expect(await membership(list, "new@example.com")).toBeUndefined();
        expect(await kept()).toHaveLength(2);

        // A request still within its answer's time is left to that answer's own work.
        expect(await replaySignupRequests(deps())).toBe(false);
        expect(await kept()).toHaveLength(2);
        clock.advance(signupReplayAfterMs + 1);
        await replaySignupRequests(deps());
        expect(await kept()).toEqual([]);
        expect(await membership(list, "new@example.com")).toEqual({ status: "pending" });
        expect(await membership(list, "known@example.com")).toEqual({ status: "pending" });
        expect((await confirmations(list)).map((row) => row.to_address).sort()).toEqual([
          "known@example.com",
          "new@example.com",
        ]);
      });
    }

    it("settles a kept signup after the answer when nothing fails, and replays nothing", async () => {
      await signUp("newsletter", "new@example.com");
      for (const work of later) await work();
      expect(await kept()).toEqual([]);
      expect(await membership("newsletter", "new@example.com")).toEqual({ status: "pending" });
      clock.advance(signupReplayAfterMs + 1);
      await replaySignupRequests(deps());
      expect(await confirmations("newsletter")).toHaveLength(1);
    });
  });
}
