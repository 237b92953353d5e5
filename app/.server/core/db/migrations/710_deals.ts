import type { Kysely } from "kysely";

/**
 * The pipeline (issue 51, decision 321): one row per deal, opened from a contact message or by
 * hand, and the claims of the owner's next-step emails, inserted in the transaction that queues
 * the email so two instances send it once. Proposals will refer to `deals.id`.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("deals")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("title", "text", (column) => column.notNull())
    .addColumn("interest", "text", (column) => column.notNull())
    .addColumn("stage", "text", (column) => column.notNull())
    .addColumn("lost_reason", "text")
    .addColumn("value_cents", "integer")
    .addColumn("team_size", "integer")
    .addColumn("expected_close_on", "text")
    .addColumn("next_step", "text")
    .addColumn("next_step_due_on", "text")
    .addColumn("person_id", "text")
    // One deal per message: the automatic one and "Open a deal" from the inbox never both.
    .addColumn("contact_message_id", "text", (column) => column.unique())
    .addColumn("stage_changed_at", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("deals_stage_updated")
    .on("deals")
    .columns(["stage", "updated_at"])
    .execute();
  await db.schema.createIndex("deals_person").on("deals").column("person_id").execute();
  await db.schema
    .createIndex("deals_next_step_due")
    .on("deals")
    .column("next_step_due_on")
    .execute();
  await db.schema
    .createTable("deal_reminders")
    .addColumn("deal_id", "text", (column) => column.notNull())
    // The due date the email was for: a step moved to a later date is due again then.
    .addColumn("due_on", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("deal_reminders_once", ["deal_id", "due_on"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("deal_reminders").execute();
  await db.schema.dropTable("deals").execute();
}
