import type { Kysely } from "kysely";

/**
 * Guides and audio practices uploaded in the console (issue 36, decision 270): a resource's draft
 * and published fields as JSON, and one row per content-addressed file under UPLOADS_DIR/files.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("resources")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("state", "text", (column) => column.notNull())
    .addColumn("publish_at", "text")
    .addColumn("published_at", "text")
    .addColumn("draft", "text", (column) => column.notNull())
    .addColumn("published", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("resources_state_publish_at")
    .on("resources")
    .columns(["state", "publish_at"])
    .execute();
  await db.schema
    .createTable("uploaded_files")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("bytes", "integer", (column) => column.notNull())
    .addColumn("created_by", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("uploaded_files").execute();
  await db.schema.dropTable("resources").execute();
}
