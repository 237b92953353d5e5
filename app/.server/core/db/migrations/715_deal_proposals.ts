import type { Kysely } from "kysely";

/**
 * Proposals on deals (issue 51 point 2, decision 323): every save is a new version row, never
 * changed after; sending, viewing and accepting fill in their own columns. The PDF is drawn
 * from the row, so deleting the row deletes the proposal and its PDF.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("deal_proposals")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("deal_id", "text", (column) => column.notNull())
    .addColumn("version", "integer", (column) => column.notNull())
    .addColumn("program", "text", (column) => column.notNull())
    .addColumn("team_size", "integer", (column) => column.notNull())
    .addColumn("starts_on", "text", (column) => column.notNull())
    .addColumn("ends_on", "text")
    // JSON: [{ label, amountCents }].
    .addColumn("price_lines", "text", (column) => column.notNull())
    .addColumn("total_cents", "integer", (column) => column.notNull())
    .addColumn("terms", "text", (column) => column.notNull())
    .addColumn("valid_until", "text", (column) => column.notNull())
    .addColumn("deposit_cents", "integer")
    .addColumn("created_by", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("sent_to", "text")
    .addColumn("sent_at", "text")
    .addColumn("first_viewed_at", "text")
    .addColumn("view_count", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("accepted_at", "text")
    .addColumn("accepted_name", "text")
    .addColumn("accepted_title", "text")
    .addColumn("accepted_on", "text")
    .addColumn("accepted_address", "text")
    .addUniqueConstraint("deal_proposals_version", ["deal_id", "version"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("deal_proposals").execute();
}
