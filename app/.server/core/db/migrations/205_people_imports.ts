import type { Kysely } from "kysely";

/**
 * A CSV upload waiting between its preview and the owner's go-ahead (issue 12 point 6): the file
 * is kept here, not in the browser, so the preview page works without JavaScript. Removed when
 * imported or discarded, and after a day.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("people_imports")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("actor_email", "text", (column) => column.notNull())
    .addColumn("file_name", "text", (column) => column.notNull())
    .addColumn("csv", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
}
