import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { membershipLinks } from "~/.server/audience/lists/list-links";
import { confirmMembership, requestMembership } from "~/.server/audience/lists/list-memberships";
import { parseConfig } from "~/.server/core/config";
import { recordContactMessage } from "~/.server/leads/contact-messages";
import type { ListName } from "~/lib/lists";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const config = parseConfig({ SITE_URL: "https://presence.example" });
const email = "ada@example.org";

for (const dialect of allDialects) {
  describe(`a signup and a known person on ${dialect} (decision 307)`, () => {
    let database: TestDatabase;
    const clock = new ManualClock();
    let deps: Parameters<typeof requestMembership>[0];

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      deps = { db: database.db, clock, config, outbox: { wake() {} } } as never;
    });
    afterAll(async () => {
      await database?.dispose();
    });

    const person = () =>
      database.db
        .selectFrom("people")
        .select(["first_name", "last_name", "time_zone"])
        .where("email_key", "=", email)
        .executeTakeFirstOrThrow();

    const signUp = (list: ListName, firstName: string, timeZone: string) =>
      requestMembership(deps, {
        list,
        email,
        firstName,
        timeZone,
        source: list === "newsletter" ? "/signup" : "/buy-now",
        consentText: "Yes, mail me.",
      });

    /** Follows the membership's emailed confirmation link, as its reader would. */
    async function confirm(list: ListName) {
      const { id } = await database.db
        .selectFrom("list_memberships")
        .innerJoin("people", "people.id", "list_memberships.person_id")
        .select("list_memberships.id")
        .where("people.email_key", "=", email)
        .where("list", "=", list)
        .executeTakeFirstOrThrow();
      const link = membershipLinks(config, { list, membershipId: id }, clock.now()).confirm;
      const token = new URL(link).pathname.split("/").pop()!;
      return confirmMembership(deps, { list, token });
    }

    it("a second signup for a subscribed address changes neither name nor zone", async () => {
      expect(await signUp("newsletter", "Ada", "Europe/Paris")).toBe("confirmation-sent");
      expect(await confirm("newsletter")).toBe("confirmed");
      expect(await person()).toEqual({
        first_name: "Ada",
        last_name: null,
        time_zone: "Europe/Paris",
      });

      clock.advance(2 * 60 * 60_000);
      expect(await signUp("newsletter", "Mallory", "Pacific/Kiritimati")).toBe("already-confirmed");
      expect(await person()).toMatchObject({ first_name: "Ada", time_zone: "Europe/Paris" });
    });

    it("a signup to another list waits for its own confirmation, which applies them", async () => {
      expect(await signUp("waitlist", "Adeline", "America/Denver")).toBe("confirmation-sent");
      expect(await person()).toMatchObject({ first_name: "Ada", time_zone: "Europe/Paris" });
      expect(await confirm("waitlist")).toBe("confirmed");
      expect(await person()).toMatchObject({ first_name: "Adeline", time_zone: "America/Denver" });
    });

    it("a contact message under the address leaves the person's name alone", async () => {
      await recordContactMessage(deps, {
        firstName: "Mallory",
        lastName: "Mischief",
        email,
        company: "",
        interest: "Corporate Training",
        message: "Please call me by another name from now on.",
      });
      expect(await person()).toEqual({
        first_name: "Adeline",
        last_name: null,
        time_zone: "America/Denver",
      });
    });
  });
}
