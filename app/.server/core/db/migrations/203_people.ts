import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";

/** The key a person is known by: their address, trimmed and lower-cased (as subscribers use). */
const emailKey = (email: string) => email.trim().toLowerCase();

type Sighting = {
  email: string;
  firstName: string | null;
  lastName: string | null;
  source: string;
  at: string;
};

type Person = {
  id: string;
  email: string;
  email_key: string;
  first_name: string | null;
  last_name: string | null;
  source: string;
  first_seen_at: string;
  last_seen_at: string;
};

const tablesWithPeople = ["contact_messages", "orders", "subscribers", "waitlist_signups"] as const;

type Named = { email: string; first_name: string | null; last_name: string | null };
type Linked = { person_id: string | null; created_at: string };

/** The tables as this migration finds them (not as later migrations leave them). */
type Tables = {
  people: Person;
  contact_messages: Named & Linked;
  orders: Named & Linked;
  subscribers: Omit<Named, "last_name"> & Linked & { source: string };
  waitlist_signups: { email: string } & Linked;
};

/**
 * One record per person the site knows, keyed by address: every contact message, order, subscriber
 * and waitlist signup points at one. Existing rows are gathered here so none is left without.
 */
export async function up(untyped: Kysely<unknown>) {
  const db = untyped as unknown as Kysely<Tables>;
  await db.schema
    .createTable("people")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("email_key", "text", (column) => column.notNull().unique())
    .addColumn("first_name", "text")
    .addColumn("last_name", "text")
    // The page through which the site first heard of them.
    .addColumn("source", "text", (column) => column.notNull())
    .addColumn("first_seen_at", "text", (column) => column.notNull())
    .addColumn("last_seen_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("people_last_seen").on("people").column("last_seen_at").execute();
  for (const table of tablesWithPeople) {
    await db.schema
      .alterTable(table)
      .addColumn("person_id", "text", (column) => column.references("people.id"))
      .execute();
    await db.schema.createIndex(`${table}_person`).on(table).column("person_id").execute();
  }

  const sightings: Sighting[] = [
    ...(
      await db
        .selectFrom("contact_messages")
        .select(["email", "first_name", "last_name", "created_at"])
        .execute()
    ).map((row) => ({
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      source: "/contact",
      at: row.created_at,
    })),
    ...(
      await db
        .selectFrom("orders")
        .select(["email", "first_name", "last_name", "created_at"])
        .execute()
    ).map((row) => ({
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      source: "/buy-now",
      at: row.created_at,
    })),
    ...(
      await db
        .selectFrom("subscribers")
        .select(["email", "first_name", "source", "created_at"])
        .execute()
    ).map((row) => ({
      email: row.email,
      firstName: row.first_name,
      lastName: null,
      source: row.source,
      at: row.created_at,
    })),
    ...(await db.selectFrom("waitlist_signups").select(["email", "created_at"]).execute()).map(
      (row) => ({
        email: row.email,
        firstName: null,
        lastName: null,
        source: "/buy-now",
        at: row.created_at,
      }),
    ),
  ];
  // Oldest first: the first sighting gives the source, later ones the latest name.
  sightings.sort((a, b) => a.at.localeCompare(b.at));
  const people = new Map<string, Person>();
  for (const sighting of sightings) {
    const key = emailKey(sighting.email);
    const known = people.get(key);
    if (!known) {
      people.set(key, {
        id: randomUUID(),
        email: sighting.email.trim(),
        email_key: key,
        first_name: sighting.firstName,
        last_name: sighting.lastName,
        source: sighting.source,
        first_seen_at: sighting.at,
        last_seen_at: sighting.at,
      });
      continue;
    }
    known.last_seen_at = sighting.at;
    known.first_name = sighting.firstName ?? known.first_name;
    known.last_name = sighting.lastName ?? known.last_name;
  }
  const all = [...people.values()];
  for (let start = 0; start < all.length; start += 500) {
    await db
      .insertInto("people")
      .values(all.slice(start, start + 500))
      .execute();
  }
  // Keys are compared in JavaScript (SQLite's lower() knows ASCII only): one update per address.
  for (const table of tablesWithPeople) {
    const addresses = await db.selectFrom(table).select("email").distinct().execute();
    for (const { email } of addresses) {
      await db
        .updateTable(table)
        .set({ person_id: people.get(emailKey(email))!.id })
        .where("email", "=", email)
        .execute();
    }
  }
}
