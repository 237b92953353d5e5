import type { Kysely } from "kysely";

/**
 * Broadcasts to a list (issue 13): the letter, one delivery per person (the unique key is what
 * makes queueing safe to repeat), the outbox rows that carry them, and bounces on people.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("broadcasts")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("subject", "text", (column) => column.notNull())
    .addColumn("preview_text", "text", (column) => column.notNull())
    .addColumn("body_markdown", "text", (column) => column.notNull())
    // 'newsletter' or 'waitlist'; interests (JSON array) narrow the newsletter.
    .addColumn("audience_list", "text", (column) => column.notNull())
    .addColumn("audience_interests", "text", (column) => column.notNull().defaultTo("[]"))
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("scheduled_at", "text")
    // Frozen at send or schedule time: what every recipient gets, whatever the draft becomes.
    .addColumn("frozen_html", "text")
    .addColumn("frozen_text", "text")
    .addColumn("frozen_at", "text")
    // The last person queued: a queueing step that stopped (crash, deploy) resumes after it.
    .addColumn("queue_cursor", "text")
    .addColumn("queued_at", "text")
    .addColumn("slug", "text", (column) => column.unique())
    .addColumn("published_at", "text")
    .addColumn("cancelled_at", "text")
    .addColumn("created_by", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("broadcasts_status").on("broadcasts").column("status").execute();

  await db.schema
    .createTable("broadcast_deliveries")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("broadcast_id", "text", (column) => column.notNull().references("broadcasts.id"))
    .addColumn("person_id", "text", (column) => column.notNull().references("people.id"))
    .addColumn("outbox_email_id", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    // Set when the person used this email's unsubscribe link: the report's "unsubscribed since".
    .addColumn("unsubscribed_at", "text")
    .addUniqueConstraint("broadcast_deliveries_once", ["broadcast_id", "person_id"])
    .execute();
  await db.schema
    .createIndex("broadcast_deliveries_outbox")
    .on("broadcast_deliveries")
    .column("outbox_email_id")
    .execute();
  await db.schema
    .createIndex("broadcast_deliveries_person")
    .on("broadcast_deliveries")
    .column("person_id")
    .execute();

  // Broadcast emails are throttled and completed per recipient at send time (see outbox worker).
  await db.schema.alterTable("outbox_emails").addColumn("broadcast_id", "text").execute();
  // Transactional emails are claimed as `broadcast_id IS NULL`: this index finds the few of them
  // without walking a broadcast's 100,000 pending rows (and serves the report's counts).
  await db.schema
    .createIndex("outbox_emails_broadcast")
    .on("outbox_emails")
    .columns(["broadcast_id", "status", "next_attempt_at"])
    .execute();

  // `bounced_at` came with the lists (204); a broadcast bounce also keeps the server's words.
  await db.schema.alterTable("people").addColumn("bounce_reason", "text").execute();
}
