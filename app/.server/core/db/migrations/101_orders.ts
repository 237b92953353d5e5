import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("orders")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("items", "text", (column) => column.notNull())
    .addColumn("amount_total_cents", "integer", (column) => column.notNull())
    .addColumn("currency", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("first_name", "text")
    .addColumn("last_name", "text")
    .addColumn("billing_address", "text")
    .addColumn("stripe_session_id", "text", (column) => column.unique())
    .addColumn("stripe_payment_intent_id", "text")
    .addColumn("amount_paid_cents", "integer")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .addColumn("paid_at", "text")
    .addColumn("refunded_at", "text")
    .execute();
  await db.schema
    .createIndex("orders_payment_intent")
    .on("orders")
    .column("stripe_payment_intent_id")
    .execute();

  // Every webhook event handled, so a repeated delivery is recognised and skipped.
  await db.schema
    .createTable("stripe_events")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("type", "text", (column) => column.notNull())
    .addColumn("received_at", "text", (column) => column.notNull())
    .execute();
}
