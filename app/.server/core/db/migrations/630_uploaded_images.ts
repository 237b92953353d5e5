import type { Kysely } from "kysely";

/**
 * Images uploaded in the console (issue 36, decision 230): one row per content-addressed folder of
 * variants under UPLOADS_DIR, written in the transaction that moves the folder into place.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("uploaded_images")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("width", "integer", (column) => column.notNull())
    .addColumn("height", "integer", (column) => column.notNull())
    .addColumn("fallback", "text", (column) => column.notNull())
    .addColumn("bytes", "integer", (column) => column.notNull())
    .addColumn("created_by", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("uploaded_images").execute();
}
