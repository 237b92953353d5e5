import path from "node:path";
import { test } from "@playwright/test";
import Database from "better-sqlite3";
import pg from "pg";
import { currentServer, e2ePostgresServer } from "./server-settings";

/**
 * Rows from the database of the server the running test talks to: the SQLite file, or the
 * Postgres schema of the `console-postgres` project. Write `?` for parameters; counts should be
 * cast to INTEGER so both dialects answer numbers.
 */
export async function queryDatabase(text: string, parameters: unknown[] = []) {
  const server = currentServer(test.info().project.use.baseURL);
  if (server !== e2ePostgresServer) {
    const database = new Database(path.join(server.dataDir, "site.db"), { readonly: true });
    try {
      return database.prepare(text).all(...parameters) as Record<string, unknown>[];
    } finally {
      database.close();
    }
  }
  const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
  await client.connect();
  try {
    let index = 0;
    const numbered = text.replace(/\?/g, () => `$${++index}`);
    return (await client.query(numbered, parameters)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

/** Runs a statement that writes (seeding a test's rows), on the same database as `queryDatabase`. */
export async function writeDatabase(text: string, parameters: unknown[] = []) {
  const server = currentServer(test.info().project.use.baseURL);
  if (server !== e2ePostgresServer) {
    const database = new Database(path.join(server.dataDir, "site.db"));
    try {
      database.pragma("busy_timeout = 5000");
      database.prepare(text).run(...parameters);
    } finally {
      database.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
  await client.connect();
  try {
    let index = 0;
    await client.query(
      text.replace(/\?/g, () => `$${++index}`),
      parameters,
    );
  } finally {
    await client.end();
  }
}
