import { PostgresAdapter, sql, type Kysely } from "kysely";

/** The columns the console's people search reads (`people-directory.ts`). */
const searched = ["email_key", "first_name", "last_name"] as const;

/**
 * The people list's search at 100,000 people (issue 20 point 7, decision 084): a substring of a
 * name or an address is found through a trigram index instead of reading every row. Postgres
 * gets pg_trgm GIN indexes on the lower-cased columns, which serve `lower(column) LIKE '%...%'`
 * as written. SQLite gets an FTS5 trigram table over `people` (external content on its rowid,
 * kept in step by triggers); the search asks it for a phrase, which the trigram tokenizer matches
 * as a case-folded substring.
 */
export async function up(db: Kysely<unknown>) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const schema = await trigramSchema(db);
    for (const column of searched) {
      await sql
        .raw(
          `CREATE INDEX people_search_${column} ON people USING gin (lower(${column}) "${schema}".gin_trgm_ops)`,
        )
        .execute(db);
    }
    return;
  }
  await sql
    .raw(
      `CREATE VIRTUAL TABLE people_search USING fts5(${searched.join(", ")}, content='people', content_rowid='rowid', tokenize='trigram')`,
    )
    .execute(db);
  await sql`INSERT INTO people_search(people_search) VALUES ('rebuild')`.execute(db);
  const row = (prefix: "new" | "old") => searched.map((column) => `${prefix}.${column}`).join(", ");
  const removeOld = `INSERT INTO people_search(people_search, rowid, ${searched.join(", ")}) VALUES ('delete', old.rowid, ${row("old")});`;
  const addNew = `INSERT INTO people_search(rowid, ${searched.join(", ")}) VALUES (new.rowid, ${row("new")});`;
  await sql
    .raw(`CREATE TRIGGER people_search_insert AFTER INSERT ON people BEGIN ${addNew} END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER people_search_delete AFTER DELETE ON people BEGIN ${removeOld} END`)
    .execute(db);
  // Only a change of a searched value touches the index: a signup updates last_seen_at alone.
  const changed = searched.map((column) => `old.${column} IS NOT new.${column}`).join(" OR ");
  await sql
    .raw(
      `CREATE TRIGGER people_search_update AFTER UPDATE OF ${searched.join(", ")} ON people WHEN ${changed} BEGIN ${removeOld} ${addNew} END`,
    )
    .execute(db);
}

/**
 * The schema holding pg_trgm, created when missing. Its operator class is named with that schema,
 * so the index works whatever the connection's search_path (each test works in a schema of its
 * own). Kysely's migration lock is one for the whole database, so two schemas never race here.
 */
async function trigramSchema(db: Kysely<unknown>) {
  const find = async () =>
    (
      await sql<{ schema: string }>`
        SELECT n.nspname AS schema FROM pg_extension e
        JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema;
  const found = await find();
  if (found) return found;
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`.execute(db);
  return (await find())!;
}
