import type { Kysely } from "kysely";

/**
 * A deal's timeline (issue 51 point 4, decision 322): the owner's notes, the emails written from
 * the deal (each a row of the outbox, whose state the timeline reads) and every stage change.
 * The inquiry is the deal's contact message, already stored.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("deal_notes")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("deal_id", "text", (column) => column.notNull())
    .addColumn("body", "text", (column) => column.notNull())
    .addColumn("author", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("deal_notes_deal")
    .on("deal_notes")
    .columns(["deal_id", "created_at"])
    .execute();
  await db.schema
    .createTable("deal_emails")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("deal_id", "text", (column) => column.notNull())
    // The outbox's row: its status is the email's delivery state.
    .addColumn("outbox_email_id", "text", (column) => column.notNull())
    .addColumn("to_address", "text", (column) => column.notNull())
    .addColumn("subject", "text", (column) => column.notNull())
    .addColumn("body", "text", (column) => column.notNull())
    .addColumn("author", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("deal_emails_deal")
    .on("deal_emails")
    .columns(["deal_id", "created_at"])
    .execute();
  await db.schema
    .createTable("deal_stage_changes")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("deal_id", "text", (column) => column.notNull())
    .addColumn("from_stage", "text", (column) => column.notNull())
    .addColumn("to_stage", "text", (column) => column.notNull())
    .addColumn("lost_reason", "text")
    .addColumn("actor", "text", (column) => column.notNull())
    .addColumn("changed_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("deal_stage_changes_deal")
    .on("deal_stage_changes")
    .columns(["deal_id", "changed_at"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("deal_stage_changes").execute();
  await db.schema.dropTable("deal_emails").execute();
  await db.schema.dropTable("deal_notes").execute();
}
