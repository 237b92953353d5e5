import type { Kysely } from "kysely";

/**
 * Issue 48: what providers report after they accept an email. `provider_webhook_events` keeps each
 * verified webhook body as received, written before the answer and processed after it, so an
 * event answered is never lost; `delivery_events` is one bounce or complaint, unique per provider
 * and provider's id so a replay changes nothing. A complaint marks the person (`complained_at`).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("provider_webhook_events")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("provider", "text", (column) => column.notNull())
    .addColumn("body", "text", (column) => column.notNull())
    .addColumn("received_at", "text", (column) => column.notNull())
    .addColumn("processed_at", "text")
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .execute();
  await db.schema
    .createIndex("provider_webhook_events_unprocessed")
    .on("provider_webhook_events")
    .columns(["processed_at", "received_at"])
    .execute();
  await db.schema
    .createTable("delivery_events")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("provider", "text", (column) => column.notNull())
    .addColumn("provider_event_id", "text", (column) => column.notNull())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("bounce", "text")
    .addColumn("email_key", "text", (column) => column.notNull())
    .addColumn("person_id", "text")
    .addColumn("outbox_email_id", "text")
    .addColumn("broadcast_id", "text")
    .addColumn("sequence_step_id", "text")
    .addColumn("purpose", "text")
    .addColumn("occurred_at", "text", (column) => column.notNull())
    .addColumn("received_at", "text", (column) => column.notNull())
    .addColumn("detail", "text", (column) => column.notNull())
    // What the policy did: recorded, suppressed, unsubscribed.
    .addColumn("outcome", "text", (column) => column.notNull())
    .addUniqueConstraint("delivery_events_provider_event", ["provider", "provider_event_id"])
    .execute();
  await db.schema
    .createIndex("delivery_events_email")
    .on("delivery_events")
    .columns(["email_key", "kind", "occurred_at"])
    .execute();
  await db.schema
    .createIndex("delivery_events_broadcast")
    .on("delivery_events")
    .columns(["broadcast_id", "kind"])
    .execute();
  await db.schema
    .createIndex("delivery_events_step")
    .on("delivery_events")
    .columns(["sequence_step_id", "kind"])
    .execute();
  await db.schema
    .createIndex("delivery_events_occurred")
    .on("delivery_events")
    .columns(["occurred_at"])
    .execute();
  await db.schema.alterTable("people").addColumn("complained_at", "text").execute();
}
