import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * A staged CSV's chunks hold its bytes as they are (a BLOB on SQLite, bytea on Postgres) instead
 * of base64 text: the text copies of each chunk, written and read back twice, were most of what
 * a 100,000-row upload raised the server's memory by (issue 20 point 7, decision 084's amendment).
 * Staged files are a day's leftovers at most: dropped.
 */
export async function up(db: Kysely<unknown>) {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? "bytea" : "blob";
  await sql`delete from people_imports`.execute(db);
  await db.schema.dropTable("people_import_chunks").execute();
  await db.schema
    .createTable("people_import_chunks")
    .addColumn("import_id", "text", (column) => column.notNull())
    .addColumn("seq", "integer", (column) => column.notNull())
    .addColumn("data", binary, (column) => column.notNull())
    .addPrimaryKeyConstraint("people_import_chunks_pk", ["import_id", "seq"])
    .execute();
}
