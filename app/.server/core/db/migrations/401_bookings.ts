import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * Sessions booked on the site (issue 23) and the owner's availability. The database itself
 * refuses two sessions whose held time overlaps: an exclusion constraint on Postgres, triggers on
 * SQLite (whose writers take turns, so a check inside the write cannot race). A session holds
 * its time in every status but `cancelled` and `expired`, and the held range is two NOT NULL
 * integers (minutes since 1970, buffers included), so no status or NULL lets a row slip past.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("bookings")
    .addColumn("id", "text", (column) => column.primaryKey())
    // 'intro' (free) or 'breakthrough' (paid, bound to an order).
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("starts_at", "text", (column) => column.notNull())
    .addColumn("ends_at", "text", (column) => column.notNull())
    .addColumn("blocked_from_minute", "integer", (column) => column.notNull())
    .addColumn("blocked_until_minute", "integer", (column) => column.notNull())
    // An unconfirmed free booking holds its time until then.
    .addColumn("hold_expires_at", "text")
    .addColumn("order_id", "text", (column) => column.references("orders.id"))
    .addColumn("person_id", "text", (column) => column.references("people.id"))
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    // The booker's zone, for their emails; the owner's is in the availability.
    .addColumn("time_zone", "text", (column) => column.notNull())
    .addColumn("meeting_url", "text", (column) => column.notNull())
    // The calendar invite's SEQUENCE: raised on every change of time or status.
    .addColumn("invite_sequence", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("owner_note", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .addColumn("confirmed_at", "text")
    .addColumn("cancelled_at", "text")
    .addCheckConstraint(
      "bookings_status_known",
      sql`status IN ('held', 'confirmed', 'cancelled', 'expired', 'completed', 'no_show')`,
    )
    .addCheckConstraint("bookings_kind_known", sql`kind IN ('intro', 'breakthrough')`)
    .addCheckConstraint("bookings_held_range", sql`blocked_until_minute > blocked_from_minute`)
    .execute();
  await db.schema
    .createIndex("bookings_blocked_range")
    .on("bookings")
    .columns(["blocked_from_minute", "blocked_until_minute"])
    .execute();
  await db.schema.createIndex("bookings_starts_at").on("bookings").column("starts_at").execute();
  await db.schema.createIndex("bookings_person").on("bookings").column("person_id").execute();
  // One session per paid order: a second booking for it fails here, whatever raced it.
  await db.schema
    .createIndex("bookings_one_per_order")
    .on("bookings")
    .column("order_id")
    .unique()
    .where(sql.ref("status"), "not in", ["cancelled", "expired"])
    .execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // int4range is a built-in range type with its own GiST operator class: no btree_gist needed.
    await sql`
      ALTER TABLE bookings ADD CONSTRAINT bookings_no_overlap
      EXCLUDE USING gist (int4range(blocked_from_minute, blocked_until_minute) WITH &&)
      WHERE (status NOT IN ('cancelled', 'expired'))
    `.execute(db);
  } else {
    for (const [event, self] of [
      ["INSERT", ""],
      ["UPDATE OF status, blocked_from_minute, blocked_until_minute", "AND other.id <> NEW.id"],
    ] as const) {
      const name = event === "INSERT" ? "bookings_no_overlap_insert" : "bookings_no_overlap_update";
      await sql
        .raw(
          `CREATE TRIGGER ${name} BEFORE ${event} ON bookings
           WHEN NEW.status NOT IN ('cancelled', 'expired')
           BEGIN
             SELECT RAISE(ABORT, 'bookings_no_overlap') WHERE EXISTS (
               SELECT 1 FROM bookings AS other
               WHERE other.status NOT IN ('cancelled', 'expired') ${self}
                 AND other.blocked_from_minute < NEW.blocked_until_minute
                 AND other.blocked_until_minute > NEW.blocked_from_minute
             );
           END`,
        )
        .execute(db);
    }
  }

  await db.schema
    .createTable("booking_availability")
    .addColumn("id", "text", (column) => column.primaryKey())
    // AvailabilityRules as JSON: wall-clock hours and the zone they are in.
    .addColumn("rules", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
}
