import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Migration } from "kysely";
import pg from "pg";
import { createDatabase, type AppDatabase } from "~/.server/db/database";

export type DialectName = "sqlite" | "postgres";

/** A fresh database for one test file: a SQLite file, or a Postgres schema of its own. */
export type TestDatabase = AppDatabase & {
  /** Give it to another connection or a spawned server: it opens the same database. */
  url: string;
  /** Closes the connection and deletes the file or drops the schema. */
  dispose(): Promise<void>;
};

const postgresUrl = process.env.TEST_POSTGRES_URL;

async function postgresReachable(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Which dialects this run covers. In CI Postgres is mandatory: a missing or unreachable
 * TEST_POSTGRES_URL fails the suite. Locally it is skipped with a warning.
 */
async function availableDialects(): Promise<DialectName[]> {
  if (!postgresUrl) {
    if (process.env.CI) {
      throw new Error("TEST_POSTGRES_URL is not set: CI must run the Postgres integration suite.");
    }
    console.warn("TEST_POSTGRES_URL is not set: skipping the Postgres integration tests.");
    return ["sqlite"];
  }
  const reachable = await postgresReachable(postgresUrl);
  if (reachable !== true) {
    const message = `TEST_POSTGRES_URL (${postgresUrl}) is unreachable: ${reachable}`;
    if (process.env.CI) throw new Error(message);
    console.warn(`${message}; skipping the Postgres integration tests.`);
    return ["sqlite"];
  }
  return ["sqlite", "postgres"];
}

export const testedDialects = await availableDialects();
export const allDialects: DialectName[] = ["sqlite", "postgres"];

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
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = withSearchPath(postgresUrl!, schema);
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
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}
