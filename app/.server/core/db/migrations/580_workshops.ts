import { sql, type Kysely } from "kysely";

const sqlCheck = sql`seats is null or (held >= 0 and sold >= 0 and held + sold <= seats)`;

/**
 * The dated events and the Foundations workshop's cohorts (issue 37): one store for every
 * appearance, registrations with their held seats, and each cohort's waiting list. The three
 * events the contact page listed from app/content/events.ts become rows here.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("workshop_events")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("title", "text", (column) => column.notNull())
    .addColumn("description", "text", (column) => column.notNull())
    .addColumn("location", "text", (column) => column.notNull())
    .addColumn("venue", "text")
    .addColumn("start_date", "text", (column) => column.notNull())
    .addColumn("end_date", "text")
    .addColumn("seats", "integer")
    .addColumn("held", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("sold", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("price_cents", "integer")
    .addColumn("deposit_cents", "integer")
    .addColumn("early_price_cents", "integer")
    .addColumn("early_deadline", "text")
    .addColumn("registration_opens_on", "text")
    .addColumn("registration_closes_on", "text")
    .addColumn("invite_sequence", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    // Whatever the code does, a cohort is never oversold.
    .addCheckConstraint("workshop_seats_never_oversold", sqlCheck)
    .execute();
  await db.schema
    .createIndex("workshop_events_start")
    .on("workshop_events")
    .column("start_date")
    .execute();

  await db.schema
    .createTable("workshop_registrations")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("event_id", "text", (column) =>
      column.notNull().references("workshop_events.id").onDelete("restrict"),
    )
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("person_id", "text")
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("payment", "text", (column) => column.notNull())
    .addColumn("price_cents", "integer", (column) => column.notNull())
    .addColumn("charged_cents", "integer", (column) => column.notNull())
    .addColumn("amount_paid_cents", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("stripe_session_id", "text")
    .addColumn("stripe_payment_intent_id", "text")
    .addColumn("stripe_refund_id", "text")
    .addColumn("hold_expires_at", "text", (column) => column.notNull())
    .addColumn("offer_id", "text")
    .addColumn("source", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .addColumn("paid_at", "text")
    .execute();
  await db.schema
    .createIndex("workshop_registrations_event")
    .on("workshop_registrations")
    .columns(["event_id", "status"])
    .execute();
  await db.schema
    .createIndex("workshop_registrations_session")
    .on("workshop_registrations")
    .column("stripe_session_id")
    .unique()
    .execute();
  await db.schema
    .createIndex("workshop_registrations_hold")
    .on("workshop_registrations")
    .columns(["status", "hold_expires_at"])
    .execute();

  await db.schema
    .createTable("workshop_waitlist")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("event_id", "text", (column) =>
      column.notNull().references("workshop_events.id").onDelete("restrict"),
    )
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("reason", "text", (column) => column.notNull())
    .addColumn("offered_at", "text")
    .addColumn("offer_expires_at", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("workshop_waitlist_queue")
    .on("workshop_waitlist")
    .columns(["event_id", "status", "created_at"])
    .execute();

  const now = new Date().toISOString();
  const seeded = [
    {
      id: "3f0d7c1e-5b1a-4d47-9a51-000000000001",
      kind: "Keynote",
      title: "Presence Over Persuasion",
      description: "Keynote for the Colorado Sales Leadership Summit.",
      location: "Denver, CO",
      start_date: "2025-03-13",
      end_date: null,
    },
    {
      id: "3f0d7c1e-5b1a-4d47-9a51-000000000002",
      kind: "Workshop",
      title: "Presence-Based Selling Foundations",
      description: "The 3-day in-person foundations workshop.",
      location: "Boulder, CO",
      start_date: "2025-05-06",
      end_date: "2025-05-08",
    },
    {
      id: "3f0d7c1e-5b1a-4d47-9a51-000000000003",
      kind: "Panel",
      title: "The Human Future of Sales",
      description: "Panel discussion on authenticity and trust in B2B sales.",
      location: "San Francisco, CA",
      start_date: "2025-09-18",
      end_date: null,
    },
  ];
  await (db as Kysely<{ workshop_events: Record<string, unknown> }>)
    .insertInto("workshop_events")
    .values(seeded.map((event) => ({ ...event, created_at: now, updated_at: now })))
    .execute();
}
