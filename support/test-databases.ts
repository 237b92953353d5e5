import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Migration } from "kysely";
import pg from "pg";
import { createDatabase, type AppDatabase } from "~/.server/core/db/database";

export type DialectName = "sqlite" | "postgres";

/** A fresh database for one test file: a SQLite file, or a Postgres database of its own. */
export type TestDatabase = AppDatabase & {
  /** Give it to another connection or a spawned server: it opens the same database. */
  url: string;
  /** Closes the connection and deletes the file or drops the database. */
  dispose(): Promise<void>;
};

export const allDialects: DialectName[] = ["sqlite", "postgres"];

/**
 * The Postgres server the suites run against. Never skipped: without TEST_POSTGRES_URL every
 * Postgres suite fails with this message, so a green run always covered both dialects.
 */
function postgresUrl() {
  const url = process.env.TEST_POSTGRES_URL;
  if (!url) {
    throw new Error(
      "TEST_POSTGRES_URL is not set: the Postgres suites need a server (postgres://user@host:port/db).",
    );
  }
  return url;
}

/** The server's URL naming another database on it. */
function inDatabase(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** `upTo` applies only those migrations (a migration test adds the rest itself). */
export async function createTestDatabase(
  dialect: DialectName,
  { upTo }: { upTo?: Record<string, Migration> } = {},
): Promise<TestDatabase> {
  if (dialect === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "leads-db-"));
    const url = `file:${path.join(dir, "site.db")}`;
    const database = await createDatabase(url, { upTo });
    return {
      ...database,
      url,
      async dispose() {
        await database.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  // A database of its own, not a schema in a shared one: Kysely's migrator reads the catalog of
  // every schema in its database, and a schema dropped meanwhile by a file running beside this
  // one (or by another checkout's tests on the same server) failed that read with `schema
  // "test_…" does not exist`. Databases keep their catalogs apart.
  const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const serverUrl = postgresUrl();
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
  await admin.connect().catch((error: unknown) => {
    throw new Error(`TEST_POSTGRES_URL (${serverUrl}) is unreachable: ${(error as Error).message}`);
  });
  // template0: nobody connects to it, so a session on template1 cannot refuse the copy.
  await admin.query(`CREATE DATABASE ${name} TEMPLATE template0`);
  const drop = async () => {
    // FORCE: a server a failed test left running would otherwise keep the database open.
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
  const url = inDatabase(serverUrl, name);
  const database = await createDatabase(url, { upTo }).catch(async (error: unknown) => {
    await drop();
    throw error;
  });
  return {
    ...database,
    url,
    async dispose() {
      await database.destroy();
      await drop();
    },
  };
}
