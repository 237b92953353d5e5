import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("outbox_emails")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("purpose", "text", (column) => column.notNull())
    .addColumn("to_address", "text", (column) => column.notNull())
    .addColumn("from_address", "text", (column) => column.notNull())
    .addColumn("reply_to", "text")
    .addColumn("subject", "text", (column) => column.notNull())
    .addColumn("text_body", "text", (column) => column.notNull())
    .addColumn("html_body", "text")
    .addColumn("headers", "text", (column) => column.notNull().defaultTo("{}"))
    .addColumn("status", "text", (column) => column.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (column) => column.notNull())
    .addColumn("locked_by", "text")
    .addColumn("locked_until", "text")
    .addColumn("last_error", "text")
    .addColumn("sent_at", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("outbox_emails_due")
    .on("outbox_emails")
    .columns(["status", "next_attempt_at"])
    .execute();

  await db.schema
    .createTable("outbox_attempts")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("email_id", "text", (column) =>
      column.notNull().references("outbox_emails.id").onDelete("cascade"),
    )
    .addColumn("attempt", "integer", (column) => column.notNull())
    .addColumn("worker_id", "text", (column) => column.notNull())
    .addColumn("started_at", "text", (column) => column.notNull())
    .addColumn("finished_at", "text", (column) => column.notNull())
    .addColumn("outcome", "text", (column) => column.notNull())
    .addColumn("error", "text")
    .execute();
  await db.schema
    .createIndex("outbox_attempts_email")
    .on("outbox_attempts")
    .column("email_id")
    .execute();
}
