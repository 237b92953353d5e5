import { sql, type Kysely } from "kysely";

/**
 * A staged CSV is kept in chunks of its bytes (base64 text, alike on both databases) instead of
 * one text column, so an upload streams in and its preview and import stream out (issue 20 point
 * 7); any instance reads what another staged. Staged files are a day's leftovers at most: dropped.
 */
export async function up(db: Kysely<unknown>) {
  await sql`delete from people_imports`.execute(db);
  await db.schema.alterTable("people_imports").dropColumn("csv").execute();
  await db.schema.alterTable("people_imports").addColumn("encoding", "text").execute();
  await db.schema
    .createTable("people_import_chunks")
    .addColumn("import_id", "text", (column) => column.notNull())
    .addColumn("seq", "integer", (column) => column.notNull())
    .addColumn("data", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("people_import_chunks_pk", ["import_id", "seq"])
    .execute();
}
