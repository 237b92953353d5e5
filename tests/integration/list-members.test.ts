import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedMembers } from "~/.server/audience/lists/list-members";
import type { ListName, MembershipStatus } from "~/lib/lists";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const stamp = "2026-11-01T10:00:00.000Z";

for (const dialect of allDialects) {
  describe(`list members on ${dialect}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(async () => database?.dispose());

    async function member(
      name: string,
      list: ListName,
      status: MembershipStatus,
      { interests = [], bounced = false }: { interests?: string[]; bounced?: boolean } = {},
    ) {
      const email = `${name}@example.com`;
      await database.db
        .insertInto("people")
        .values({
          id: `p-${name}`,
          email,
          email_key: email,
          first_name: name,
          last_name: null,
          source: "/signup",
          first_seen_at: stamp,
          last_seen_at: stamp,
          bounced_at: bounced ? stamp : null,
        })
        .onConflict((conflict) => conflict.column("email_key").doNothing())
        .execute();
      await database.db
        .insertInto("list_memberships")
        .values({
          id: `${list}-${name}`,
          person_id: `p-${name}`,
          list,
          status,
          interests: JSON.stringify(interests),
          source: "/signup",
          consent_text: "Yes",
          consented_at: stamp,
          confirmation_sent_at: stamp,
          confirmed_at: status === "pending" ? null : stamp,
          unsubscribed_at: status === "unsubscribed" ? stamp : null,
          notified_at: null,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
    }

    const emailsOf = async (members: AsyncIterable<{ email: string }>) => {
      const emails = [];
      for await (const { email } of members) emails.push(email);
      return emails.sort();
    };

    it("lists a list's confirmed members, leaving out pending, unsubscribed and bounced people", async () => {
      await member("ada", "newsletter", "confirmed", { interests: ["book", "insights"] });
      await member("bea", "newsletter", "confirmed", { interests: ["training"] });
      await member("cal", "newsletter", "pending", { interests: ["book"] });
      await member("dee", "newsletter", "unsubscribed", { interests: ["book"] });
      await member("eve", "newsletter", "confirmed", { interests: ["book"], bounced: true });
      await member("fay", "waitlist", "confirmed");
      await member("ada", "waitlist", "pending");

      expect(await emailsOf(confirmedMembers(database.db, { list: "newsletter" }))).toEqual([
        "ada@example.com",
        "bea@example.com",
      ]);
      expect(
        await emailsOf(confirmedMembers(database.db, { list: "newsletter", interests: ["book"] })),
      ).toEqual(["ada@example.com"]);
      expect(
        await emailsOf(
          confirmedMembers(database.db, { list: "newsletter", interests: ["book", "training"] }),
        ),
      ).toEqual(["ada@example.com", "bea@example.com"]);
      expect(await emailsOf(confirmedMembers(database.db, { list: "waitlist" }))).toEqual([
        "fay@example.com",
      ]);
    });
  });
}
