import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/.server/core/db/database";
import { migrations } from "~/.server/core/db/migrations";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

// Every migration before the one that brings in `people`, as a database deployed before it has.
const beforePeople = Object.fromEntries(
  Object.entries(migrations).filter(([name]) => name < "203_people"),
);
// ...and up to it (later migrations reshape these tables; they have tests of their own).
const throughPeople = Object.fromEntries(
  Object.entries(migrations).filter(([name]) => name <= "203_people"),
);

const at = (day: number) => new Date(Date.UTC(2026, 0, day, 12)).toISOString();

for (const dialect of allDialects) {
  describe(`migration 203_people on ${dialect}`, () => {
    let database: TestDatabase;
    afterEach(async () => database?.dispose());

    it("gives every row of every older table its person, one per address", async () => {
      database = await createTestDatabase(dialect, { upTo: beforePeople });
      // The old tables have no person_id yet: write them as they were then.
      const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const message = (
        id: string,
        email: string,
        day: number,
        first = "Ada",
        last = "Lovelace",
      ) => ({
        id,
        first_name: first,
        last_name: last,
        email,
        company: null,
        interest: "General Inquiry",
        message: "Hello",
        created_at: at(day),
      });
      await db
        .insertInto("contact_messages")
        .values([
          message("m1", "Ada@Example.com", 3),
          message("m2", "ada@example.com ", 9, "Augusta Ada", "King"),
          message("m3", "ÉMILE@example.com", 4, "Émile", "Zola"),
        ])
        .execute();
      await db
        .insertInto("subscribers")
        .values({
          id: "s1",
          email: "ada@example.com",
          email_key: "ada@example.com",
          first_name: "Ada",
          interests: "[]",
          source: "/resources",
          consent_text: "Yes",
          consented_at: at(1),
          status: "confirmed",
          confirmation_sent_at: at(1),
          confirmed_at: at(1),
          unsubscribed_at: null,
          created_at: at(1),
          updated_at: at(1),
        })
        .execute();
      await db
        .insertInto("waitlist_signups")
        .values({
          id: "w1",
          email: "grace@example.com",
          email_key: "grace@example.com",
          status: "pending",
          created_at: at(5),
          confirmation_sent_at: at(5),
          confirmed_at: null,
          notified_at: null,
        })
        .execute();
      await db
        .insertInto("orders")
        .values({
          id: "o1",
          status: "paid",
          items: "[]",
          amount_total_cents: 1995,
          currency: "usd",
          email: "Grace@example.com",
          first_name: "Grace",
          last_name: "Hopper",
          billing_address: null,
          stripe_session_id: "cs_1",
          stripe_payment_intent_id: null,
          amount_paid_cents: 1995,
          created_at: at(7),
          updated_at: at(7),
          paid_at: at(7),
          refunded_at: null,
        })
        .execute();
      await db
        .insertInto("download_links")
        .values({
          id: "d1",
          order_id: "o1",
          expires_at: at(30),
          max_downloads: 5,
          created_at: at(7),
        })
        .execute();

      await migrateToLatest(database.db, throughPeople);

      const people = await database.db
        .selectFrom("people")
        .select([
          "id",
          "email_key",
          "first_name",
          "last_name",
          "source",
          "first_seen_at",
          "last_seen_at",
        ])
        .orderBy("email_key")
        .execute();
      expect(people.map(({ id: _id, ...person }) => person)).toEqual([
        {
          email_key: "ada@example.com",
          first_name: "Augusta Ada",
          last_name: "King",
          source: "/resources",
          first_seen_at: at(1),
          last_seen_at: at(9),
        },
        {
          email_key: "grace@example.com",
          first_name: "Grace",
          last_name: "Hopper",
          source: "/buy-now",
          first_seen_at: at(5),
          last_seen_at: at(7),
        },
        {
          email_key: "émile@example.com",
          first_name: "Émile",
          last_name: "Zola",
          source: "/contact",
          first_seen_at: at(4),
          last_seen_at: at(4),
        },
      ]);
      const personOf = (key: string) => people.find((person) => person.email_key === key)!.id;
      const linked = async (
        table: "contact_messages" | "subscribers" | "waitlist_signups" | "orders",
      ) =>
        Object.fromEntries(
          (await db.selectFrom(table).select(["id", "person_id"]).execute()).map((row) => [
            row.id,
            row.person_id,
          ]),
        );
      expect(await linked("contact_messages")).toEqual({
        m1: personOf("ada@example.com"),
        m2: personOf("ada@example.com"),
        m3: personOf("émile@example.com"),
      });
      expect(await linked("subscribers")).toEqual({ s1: personOf("ada@example.com") });
      expect(await linked("waitlist_signups")).toEqual({ w1: personOf("grace@example.com") });
      expect(await linked("orders")).toEqual({ o1: personOf("grace@example.com") });
      // Nothing else moved or went missing.
      const messages = await database.db
        .selectFrom("contact_messages")
        .select(["id", "email", "status"])
        .orderBy("id")
        .execute();
      expect(messages).toEqual([
        { id: "m1", email: "Ada@Example.com", status: "new" },
        { id: "m2", email: "ada@example.com ", status: "new" },
        { id: "m3", email: "ÉMILE@example.com", status: "new" },
      ]);
      expect(await database.db.selectFrom("download_links").select("order_id").execute()).toEqual([
        { order_id: "o1" },
      ]);
    });
  });
}
