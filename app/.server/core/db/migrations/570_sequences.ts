import { sql, type Kysely } from "kysely";

/**
 * Email sequences (issue 38, decision 170): a sequence and its steps, one enrollment per person
 * and run, and one send per enrollment and step. The unique `(enrollment_id, step_id)` key is what
 * makes "never twice" hold whatever a pass does twice; the pass finds due readers by the
 * `next_due_at` index alone. People gain the time zone their browser gave (their morning).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("people").addColumn("time_zone", "text").execute();

  await db.schema
    .createTable("sequences")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("name", "text", (column) => column.notNull())
    // newsletter_confirmed, waitlist_joined, book_bought, session_booked, guide_downloaded,
    // interest_chosen, workshop_registered, sequence_joined; trigger_detail narrows it.
    .addColumn("trigger", "text", (column) => column.notNull())
    .addColumn("trigger_detail", "text")
    // The list whose confirmed members alone receive it (consent).
    .addColumn("list", "text", (column) => column.notNull())
    .addColumn("send_hour", "integer", (column) => column.notNull())
    .addColumn("exit_product", "text")
    .addColumn("exit_on_booking", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("exit_on_sequence_id", "text")
    .addColumn("allow_restart", "integer", (column) => column.notNull().defaultTo(0))
    // draft, active, paused
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("sequences_trigger")
    .on("sequences")
    .columns(["trigger", "status"])
    .execute();

  await db.schema
    .createTable("sequence_steps")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("sequence_id", "text", (column) => column.notNull().references("sequences.id"))
    .addColumn("position", "integer", (column) => column.notNull())
    .addColumn("subject", "text", (column) => column.notNull())
    .addColumn("body_markdown", "text", (column) => column.notNull())
    .addColumn("delay_days", "integer", (column) => column.notNull())
    // A removed step stays for its counts and the sends that name it; nobody gets it again.
    .addColumn("removed_at", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("sequence_steps_order")
    .on("sequence_steps")
    .columns(["sequence_id", "position"])
    .execute();

  await db.schema
    .createTable("sequence_enrollments")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("sequence_id", "text", (column) => column.notNull().references("sequences.id"))
    .addColumn("person_id", "text", (column) => column.notNull().references("people.id"))
    // active, finished, cancelled, exited
    .addColumn("status", "text", (column) => column.notNull())
    // The position of the last step done (-1: none yet) and when it was done (or the start).
    .addColumn("last_position", "integer", (column) => column.notNull())
    .addColumn("last_step_id", "text")
    .addColumn("last_done_at", "text", (column) => column.notNull())
    // When the pass should look at this reader next; null once it is over.
    .addColumn("next_due_at", "text")
    .addColumn("ended_reason", "text")
    .addColumn("started_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("sequence_enrollments_due")
    .on("sequence_enrollments")
    .column("next_due_at")
    .execute();
  await db.schema
    .createIndex("sequence_enrollments_person")
    .on("sequence_enrollments")
    .columns(["person_id", "sequence_id"])
    .execute();
  // At most one run in progress per person and sequence. Person first: led by the sequence, the
  // planners chose it for the pass's join and walked every reader of the sequence (300 ms at
  // 100,000) instead of the few due by `next_due_at`.
  await db.schema
    .createIndex("sequence_enrollments_one_active")
    .on("sequence_enrollments")
    .columns(["person_id", "sequence_id"])
    .unique()
    .where(sql.ref("status"), "=", "active")
    .execute();

  await db.schema
    .createTable("sequence_sends")
    // The outbox email's id: the completion hook finds the send by it.
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("enrollment_id", "text", (column) =>
      column.notNull().references("sequence_enrollments.id"),
    )
    .addColumn("sequence_id", "text", (column) => column.notNull())
    .addColumn("step_id", "text", (column) => column.notNull())
    .addColumn("person_id", "text", (column) => column.notNull())
    .addColumn("queued_at", "text", (column) => column.notNull())
    .addColumn("unsubscribed_at", "text")
    .addUniqueConstraint("sequence_sends_once", ["enrollment_id", "step_id"])
    .execute();
  await db.schema
    .createIndex("sequence_sends_step")
    .on("sequence_sends")
    .column("step_id")
    .execute();
  await db.schema
    .createIndex("sequence_sends_person")
    .on("sequence_sends")
    .column("person_id")
    .execute();
}
