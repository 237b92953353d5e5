import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Migration } from "kysely";
import pg from "pg";
import { createDatabase, type AppDatabase } from "~/.server/core/db/database";

export type DialectName = "sqlite" | "postgres";

/** A fresh database for one test file: a SQLite file, or a Postgres schema of its own. */
export type TestDatabase = AppDatabase & {
  /** Give it to another connection or a spawned server: it opens the same database. */
  url: string;
  /** Closes the connection and deletes the file or drops the schema. */
  dispose(): Promise<void>;
};

export const allDialects: DialectName[] = ["sqlite", "postgres"];
/**
 * An HTTP suite's one database (decision 327): routes, headers, pages and forms answer alike on
 * both, and each query under them runs on both in a service suite. A file whose queries run
 * nowhere else keeps `allDialects`, and says so.
 */
export const httpDialects: DialectName[] = ["sqlite"];

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

function withSearchPath(url: string, schema: string) {
  const parsed = new URL(url);
  parsed.searchParams.set("options", `-c search_path=${schema}`);
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
  const schema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const serverUrl = postgresUrl();
  // A server that is down refuses at once; 15 s is for one that is slow to answer on a starved machine.
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 15_000 });
  await admin.connect().catch((error: unknown) => {
    throw new Error(`TEST_POSTGRES_URL (${serverUrl}) is unreachable: ${(error as Error).message}`);
  });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = withSearchPath(serverUrl, schema);
  const database = await createDatabase(url, { upTo }).catch(async (error: unknown) => {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
    throw error;
  });
  return {
    ...database,
    url,
    async dispose() {
      await database.destroy();
      // In a run's own database (support/postgres-run-database.ts) the schema goes with it at the
      // end: dropped now, it would break the migrations of a file running beside this one.
      if (!process.env.TEST_POSTGRES_KEEP_SCHEMAS)
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}
