import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * A search of one or two characters has no trigram to look up (decision 084): it finds the names
 * and addresses that start with it, through these ordered indexes, as a range scan. Postgres
 * compares them in the "C" collation (byte order), where every text starting with "ab" lies from
 * "ab" up to "ac"; SQLite's default BINARY collation is that order already.
 */
export async function up(db: Kysely<unknown>) {
  const collate = db.getExecutor().adapter instanceof PostgresAdapter ? ' COLLATE "C"' : "";
  for (const [name, expression] of [
    ["people_email_key_prefix", "email_key"],
    ["people_first_name_prefix", "lower(first_name)"],
    ["people_last_name_prefix", "lower(last_name)"],
  ] as const) {
    // SQLite's unique index on email_key already serves a range in byte order.
    if (!collate && expression === "email_key") continue;
    await sql.raw(`CREATE INDEX ${name} ON people ((${expression})${collate})`).execute(db);
  }
}
