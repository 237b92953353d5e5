import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("subscribers")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("email_key", "text", (column) => column.notNull().unique())
    .addColumn("first_name", "text")
    .addColumn("interests", "text", (column) => column.notNull().defaultTo("[]"))
    .addColumn("source", "text", (column) => column.notNull())
    .addColumn("consent_text", "text", (column) => column.notNull())
    .addColumn("consented_at", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull().defaultTo("pending"))
    .addColumn("confirmation_sent_at", "text")
    .addColumn("confirmed_at", "text")
    .addColumn("unsubscribed_at", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
}
