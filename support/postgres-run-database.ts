// Vitest globalSetup: one Postgres database for the whole run, in which each test file makes a
// schema of its own (support/test-databases.ts), all dropped with the database at the end.
//
// Kysely's migrator reads the tables of every schema in its database. A schema dropped while
// another file migrated (files run side by side) failed that read with `schema "test_…" does not
// exist`, and so did one dropped by another checkout's tests on the same server. In a database of
// the run's own, nobody else's schemas come and go, and this run's stay until it ends. (A database
// per file would do too, but every DROP DATABASE forces a checkpoint: a second or more of I/O
// each, for every file.)
import pg from "pg";

let dropRunDatabase: (() => Promise<void>) | undefined;

export async function setup() {
  const serverUrl = process.env.TEST_POSTGRES_URL;
  // Without a server the Postgres suites fail with support/test-databases.ts's message.
  if (!serverUrl) return;
  const name = `test_run_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  // A server that is down refuses at once; 15 s is for one that is slow to answer on a starved machine.
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 15_000 });
  await admin.connect();
  // template0: nobody connects to it, so a session on template1 cannot refuse the copy.
  await admin.query(`CREATE DATABASE ${name} TEMPLATE template0`);
  const runUrl = new URL(serverUrl);
  runUrl.pathname = `/${name}`;
  // Migration 208 creates pg_trgm where it is missing: once, here, rather than by two files at
  // the same moment (the extension is one per database, the migrations' lock one per schema).
  const run = new pg.Client({ connectionString: runUrl.toString() });
  await run.connect();
  await run.query("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public");
  await run.end();
  // The workers start after this, with this process's environment.
  process.env.TEST_POSTGRES_URL = runUrl.toString();
  process.env.TEST_POSTGRES_KEEP_SCHEMAS = "1";
  dropRunDatabase = async () => {
    // FORCE: a server a failed test left running would otherwise keep the database open.
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}

export async function teardown() {
  await dropRunDatabase?.();
}
