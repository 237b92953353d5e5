/** The SQLite file a `file:` DATABASE_URL names; backup and restore refuse Postgres URLs. */
export function sqliteFileOf(databaseUrl: string): string {
  if (!databaseUrl.startsWith("file:")) {
    throw new Error(
      "DATABASE_URL is not a SQLite file: back up PostgreSQL with pg_dump and restore with pg_restore (see the README).",
    );
  }
  const file = databaseUrl.slice("file:".length);
  if (file === ":memory:")
    throw new Error("DATABASE_URL is an in-memory database: nothing to back up.");
  return file;
}

export function databaseUrlSetting() {
  return process.env.DATABASE_URL?.trim() || "file:data/site.db";
}
