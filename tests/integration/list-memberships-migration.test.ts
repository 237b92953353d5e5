import { sql, type Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/.server/core/db/database";
import { migrations } from "~/.server/core/db/migrations";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

// A database deployed before the lists shared one table: every migration before 204.
const beforeLists = Object.fromEntries(
  Object.entries(migrations).filter(([name]) => name < "204_list_memberships"),
);

type Row = Record<string, unknown>;
type Untyped = Kysely<Record<string, Row>>;

const at = (day: number) => new Date(Date.UTC(2026, 0, day, 12)).toISOString();

/** The rows each old table holds; a column not named gets a value of its own (`table.column`). */
const seeds: Record<string, Row[]> = {
  people: [
    { id: "p-ada", email: "Ada@Example.com", email_key: "ada@example.com", first_name: null },
    { id: "p-grace", email: "grace@example.com", email_key: "grace@example.com" },
  ],
  contact_messages: [{ id: "m1", person_id: "p-ada", created_at: at(2) }],
  orders: [{ id: "o1", person_id: "p-grace", amount_total_cents: 1995 }],
  download_links: [{ id: "d1", order_id: "o1", max_downloads: 5 }],
  outbox_emails: [{ id: "e1", attempts: 1 }],
  outbox_attempts: [{ id: "a1", email_id: "e1", attempt: 1 }],
  rate_limit_windows: [{ hits: 3 }],
  stripe_events: [{}],
  admin_sign_in_links: [{}],
  admin_sessions: [{}],
  admin_audit_log: [{}],
  admin_passkeys: [{ counter: 0 }],
  admin_passkey_challenges: [{}],
  subscribers: [
    {
      id: "s-ada",
      email: "Ada@Example.com",
      email_key: "ada@example.com",
      first_name: "Ada",
      interests: '["book","insights"]',
      source: "/signup",
      consent_text: "I want the newsletter.",
      consented_at: at(1),
      status: "confirmed",
      confirmation_sent_at: at(1),
      confirmed_at: at(2),
      unsubscribed_at: null,
      person_id: "p-ada",
      created_at: at(1),
      updated_at: at(2),
    },
    {
      // A row that never got its person: the migration gives it one.
      id: "s-lin",
      email: "Lin@example.com",
      email_key: "lin@example.com",
      first_name: "Lin",
      interests: "[]",
      source: "/resources",
      consent_text: "I want the newsletter.",
      consented_at: at(3),
      status: "unsubscribed",
      confirmation_sent_at: at(3),
      confirmed_at: null,
      unsubscribed_at: at(4),
      person_id: null,
      created_at: at(3),
      updated_at: at(4),
    },
  ],
  waitlist_signups: [
    {
      id: "w-ada",
      email: "ada@example.com",
      email_key: "ada@example.com",
      status: "confirmed",
      created_at: at(5),
      confirmation_sent_at: at(5),
      confirmed_at: at(6),
      notified_at: at(7),
      person_id: "p-ada",
    },
    {
      id: "w-grace",
      email: "grace@example.com",
      email_key: "grace@example.com",
      status: "pending",
      created_at: at(8),
      confirmation_sent_at: at(8),
      confirmed_at: null,
      notified_at: null,
      person_id: "p-grace",
    },
  ],
};

/** The tables the migration replaces, and where their rows go. */
const movedTables = ["subscribers", "waitlist_signups"];

for (const dialect of allDialects) {
  describe(`migration 204_list_memberships on ${dialect}`, () => {
    let database: TestDatabase;
    afterEach(async () => database?.dispose());

    it("moves every row of every older table: lists into memberships, the rest untouched", async () => {
      database = await createTestDatabase(dialect, { upTo: beforeLists });
      const db = database.db as unknown as Untyped;
      // On Postgres the introspection sees every schema of the database (other test files'
      // too): only this test's schema counts.
      const schema =
        dialect === "postgres"
          ? (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db)).rows[0]!
              .schema
          : undefined;
      const ownTables = async () =>
        (await database.db.introspection.getTables()).filter(
          (table) => schema === undefined || table.schema === schema,
        );
      const tables = await ownTables();
      // Every table a database of that time has must hold rows here, or the test proves less.
      expect(tables.map((table) => table.name).sort()).toEqual(Object.keys(seeds).sort());
      // Seeded in dependency order (people before the rows pointing at them).
      for (const [name, rows] of Object.entries(seeds)) {
        const table = tables.find((candidate) => candidate.name === name)!;
        const filled = rows.map((row) =>
          Object.fromEntries(
            table.columns.map((column) => [
              column.name,
              column.name in row
                ? row[column.name]
                : /int/i.test(column.dataType)
                  ? 1
                  : `${name}.${column.name}`,
            ]),
          ),
        );
        await db.insertInto(name).values(filled).execute();
      }
      const before: Record<string, Row[]> = {};
      for (const table of tables) {
        before[table.name] = await db.selectFrom(table.name).selectAll().execute();
      }

      await migrateToLatest(database.db);

      const after = (await ownTables()).map((table) => table.name);
      for (const table of movedTables) expect(after).not.toContain(table);
      for (const [table, rows] of Object.entries(before)) {
        if (movedTables.includes(table)) continue;
        const now = await db.selectFrom(table).selectAll().execute();
        // Each old row is still there with every value it had (new columns aside; a person's
        // missing first name is filled from their subscription, checked below).
        for (const row of rows) {
          const { first_name: _filled, ...kept } = row;
          const expected = table === "people" && row.first_name === null ? kept : row;
          expect(now).toContainEqual(expect.objectContaining(expected));
        }
      }

      const people = await database.db
        .selectFrom("people")
        .select(["id", "email_key", "first_name", "bounced_at"])
        .orderBy("email_key")
        .execute();
      const personOf = (key: string) => people.find((person) => person.email_key === key)?.id;
      expect(people.map(({ id: _id, ...person }) => person)).toEqual([
        // The subscriber's name fills the name the person record lacked.
        { email_key: "ada@example.com", first_name: "Ada", bounced_at: null },
        { email_key: "grace@example.com", first_name: "people.first_name", bounced_at: null },
        { email_key: "lin@example.com", first_name: "Lin", bounced_at: null },
      ]);
      const memberships = await database.db
        .selectFrom("list_memberships")
        .selectAll()
        .orderBy("id")
        .execute();
      // Columns later migrations add (683) start empty.
      const laterColumns = { signup_first_name: null, signup_time_zone: null };
      const subscriber = (id: string) => before.subscribers!.find((row) => row.id === id)!;
      const newsletterMember = (id: string, personId: string | undefined) => ({
        id,
        person_id: personId,
        list: "newsletter",
        status: subscriber(id).status,
        interests: subscriber(id).interests,
        source: subscriber(id).source,
        consent_text: subscriber(id).consent_text,
        consented_at: subscriber(id).consented_at,
        confirmation_sent_at: subscriber(id).confirmation_sent_at,
        confirmed_at: subscriber(id).confirmed_at,
        unsubscribed_at: subscriber(id).unsubscribed_at,
        notified_at: null,
        created_at: subscriber(id).created_at,
        updated_at: subscriber(id).updated_at,
        ...laterColumns,
      });
      const signup = (id: string) => before.waitlist_signups!.find((row) => row.id === id)!;
      const waitlistMember = (id: string, personId: string | undefined) => ({
        id,
        person_id: personId,
        list: "waitlist",
        status: signup(id).status,
        interests: "[]",
        source: "/buy-now",
        consent_text: expect.stringContaining("one message when purchasing opens"),
        consented_at: signup(id).created_at,
        confirmation_sent_at: signup(id).confirmation_sent_at,
        confirmed_at: signup(id).confirmed_at,
        unsubscribed_at: null,
        notified_at: signup(id).notified_at,
        created_at: signup(id).created_at,
        updated_at: signup(id).confirmed_at ?? signup(id).created_at,
        ...laterColumns,
      });
      expect(memberships).toEqual([
        newsletterMember("s-ada", "p-ada"),
        newsletterMember("s-lin", personOf("lin@example.com")),
        waitlistMember("w-ada", "p-ada"),
        waitlistMember("w-grace", "p-grace"),
      ]);
    });
  });
}
