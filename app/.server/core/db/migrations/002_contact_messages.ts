import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("first_name", "text", (column) => column.notNull())
    .addColumn("last_name", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("company", "text")
    .addColumn("interest", "text", (column) => column.notNull())
    .addColumn("message", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("contact_messages_created")
    .on("contact_messages")
    .column("created_at")
    .execute();

  // Fixed-window counters shared by every app instance (the contact form's rate limit).
  await db.schema
    .createTable("rate_limit_windows")
    .addColumn("bucket", "text", (column) => column.notNull())
    .addColumn("client_key", "text", (column) => column.notNull())
    .addColumn("window_start", "text", (column) => column.notNull())
    .addColumn("hits", "integer", (column) => column.notNull())
    .addPrimaryKeyConstraint("rate_limit_windows_pk", ["bucket", "client_key", "window_start"])
    .execute();
}
