import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";

/** The key a person is known by (as migration 203 computed it). */
const emailKey = (email: string) => email.trim().toLowerCase();

/** The waitlist form's consent wording when this migration was written (/buy-now). */
const waitlistConsentText =
  "We will email you a link to confirm, then one message when purchasing opens. Nothing else.";

type Membership = {
  id: string;
  person_id: string;
  list: "newsletter" | "waitlist";
  status: string;
  interests: string;
  source: string;
  consent_text: string;
  consented_at: string;
  confirmation_sent_at: string | null;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  notified_at: string | null;
  created_at: string;
  updated_at: string;
};

type PersonRow = {
  id: string;
  email: string;
  email_key: string;
  first_name: string | null;
  last_name: string | null;
  source: string;
  first_seen_at: string;
  last_seen_at: string;
};

type Subscriber = {
  id: string;
  email: string;
  first_name: string | null;
  interests: string;
  source: string;
  consent_text: string;
  consented_at: string;
  status: string;
  confirmation_sent_at: string | null;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  person_id: string | null;
  created_at: string;
  updated_at: string;
};

type WaitlistSignup = {
  id: string;
  email: string;
  status: string;
  created_at: string;
  confirmation_sent_at: string | null;
  confirmed_at: string | null;
  notified_at: string | null;
  person_id: string | null;
};

/** The tables as this migration finds them. */
type Tables = {
  people: PersonRow;
  list_memberships: Membership;
  subscribers: Subscriber;
  waitlist_signups: WaitlistSignup;
};

/**
 * The newsletter and the waitlist become two lists of one double opt-in: a person's consent to
 * each is a membership. Every subscriber and waitlist signup moves over with its id, so the links
 * already in inboxes (which name that id) keep working; then the two tables go.
 */
export async function up(untyped: Kysely<unknown>) {
  const db = untyped as unknown as Kysely<Tables>;
  await db.schema
    .createTable("list_memberships")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("person_id", "text", (column) => column.notNull().references("people.id"))
    .addColumn("list", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    // JSON array of interest keys (the newsletter's; the waitlist has none).
    .addColumn("interests", "text", (column) => column.notNull().defaultTo("[]"))
    .addColumn("source", "text", (column) => column.notNull())
    .addColumn("consent_text", "text", (column) => column.notNull())
    .addColumn("consented_at", "text", (column) => column.notNull())
    .addColumn("confirmation_sent_at", "text")
    .addColumn("confirmed_at", "text")
    .addColumn("unsubscribed_at", "text")
    // The waitlist's one 'now available' email, never queued twice.
    .addColumn("notified_at", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .addUniqueConstraint("list_memberships_person_list", ["person_id", "list"])
    .execute();
  await db.schema
    .createIndex("list_memberships_list_status")
    .on("list_memberships")
    .columns(["list", "status"])
    .execute();
  // Set when the outbox gives up on an email to the address; a confirmation clears it.
  await db.schema.alterTable("people").addColumn("bounced_at", "text").execute();

  const people = new Map(
    (await db.selectFrom("people").select(["id", "email_key"]).execute()).map((row) => [
      row.email_key,
      row.id,
    ]),
  );
  /** The person behind a row; one the row never got (none should lack one) is created. */
  async function personFor(email: string, source: string, at: string) {
    const key = emailKey(email);
    const known = people.get(key);
    if (known) return known;
    const id = randomUUID();
    await db
      .insertInto("people")
      .values({
        id,
        email: email.trim(),
        email_key: key,
        first_name: null,
        last_name: null,
        source,
        first_seen_at: at,
        last_seen_at: at,
      })
      .execute();
    people.set(key, id);
    return id;
  }

  const memberships: Membership[] = [];
  for (const row of await db.selectFrom("subscribers").selectAll().execute()) {
    const personId = row.person_id ?? (await personFor(row.email, row.source, row.created_at));
    if (row.first_name) {
      await db
        .updateTable("people")
        .set({ first_name: row.first_name })
        .where("id", "=", personId)
        .where("first_name", "is", null)
        .execute();
    }
    memberships.push({
      id: row.id,
      person_id: personId,
      list: "newsletter",
      status: row.status,
      interests: row.interests,
      source: row.source,
      consent_text: row.consent_text,
      consented_at: row.consented_at,
      confirmation_sent_at: row.confirmation_sent_at,
      confirmed_at: row.confirmed_at,
      unsubscribed_at: row.unsubscribed_at,
      notified_at: null,
      created_at: row.created_at,
      updated_at: row.updated_at,
    });
  }
  for (const row of await db.selectFrom("waitlist_signups").selectAll().execute()) {
    memberships.push({
      id: row.id,
      person_id: row.person_id ?? (await personFor(row.email, "/buy-now", row.created_at)),
      list: "waitlist",
      status: row.status,
      interests: "[]",
      source: "/buy-now",
      consent_text: waitlistConsentText,
      consented_at: row.created_at,
      confirmation_sent_at: row.confirmation_sent_at,
      confirmed_at: row.confirmed_at,
      unsubscribed_at: null,
      notified_at: row.notified_at,
      created_at: row.created_at,
      updated_at: row.confirmed_at ?? row.created_at,
    });
  }
  for (let start = 0; start < memberships.length; start += 500) {
    await db
      .insertInto("list_memberships")
      .values(memberships.slice(start, start + 500))
      .execute();
  }
  await db.schema.dropTable("subscribers").execute();
  await db.schema.dropTable("waitlist_signups").execute();
}
