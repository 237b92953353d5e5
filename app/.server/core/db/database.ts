import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  CompiledQuery,
  sql,
  type DatabaseConnection,
  type Dialect,
  type Migration,
  type SqliteDatabase,
  type Transaction,
} from "kysely";
import { migrations } from "./migrations";
import { OwnSchemaIntrospector } from "./own-schema-introspector";
import type { Database } from "./schema";

export type { Database } from "./schema";

/** The application's database handle. */
export type Db = Kysely<Database>;

/**
 * A transaction. The pattern: `await db.transaction().execute(async (trx) => { ... })` and pass
 * `trx` to every write that must commit or roll back together (a record and its outbox emails).
 */
export type Trx = Transaction<Database>;

export type DatabaseDialectName = "sqlite" | "postgres";

export type AppDatabase = {
  db: Db;
  dialect: DatabaseDialectName;
  /** Closes the SQLite file or drains the Postgres pool. */
  destroy(): Promise<void>;
};

/** How long a statement waits for another connection's write lock before SQLITE_BUSY. */
export const sqliteBusyTimeoutMs = 5000;

/** `file:data/site.db` (relative to the working directory) or `file::memory:`. */
function sqliteDialect(url: string): Dialect {
  const file = url.slice("file:".length);
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file);
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  // Another process (a second instance, a test reading the file) may hold the write lock briefly.
  database.pragma(`busy_timeout = ${sqliteBusyTimeoutMs}`);
  database.pragma("synchronous = NORMAL");
  // A deleted row's bytes are overwritten with zeros, not left in a free page or free space in
  // its page until reused. The WAL still holds the pages as they were before, until an erasure's
  // own checkpoint truncates it (`truncateWal`, wal-truncate.ts; decision 307).
  database.pragma("secure_delete = ON");
  return new ImmediateTransactionsDialect({ database: withStatementCache(database) });
}

/**
 * Transactions that take the write lock when they begin (`BEGIN IMMEDIATE`), waiting for it under
 * busy_timeout. The outbox thread writes through a connection of its own: a deferred transaction
 * that read first and wrote after the other connection committed would fail at once with
 * SQLITE_BUSY (its snapshot is stale), where an immediate one just waits its turn.
 */
class ImmediateTransactionsDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateTransactionsDialect extends SqliteDialect {
  constructor(private readonly settings: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(settings);
  }

  override createDriver() {
    return new ImmediateTransactionsDriver(this.settings);
  }
}

/** Far more than the app's distinct queries; a list of ids of varying length makes a few more. */
const cachedStatements = 500;

/**
 * Kysely prepares every query it runs anew, which cost more than running it on the busiest write
 * (issue 14); a statement is prepared once per distinct SQL text here. Safe on the one connection:
 * better-sqlite3 runs each statement to completion before the next (the app never streams).
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (!statement) {
        if (statements.size >= cachedStatements) statements.clear();
        statement = database.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/** A `postgres://` URL; `?options=-c search_path=x` selects a schema (the tests use one each). */
async function postgresDialect(url: string, connections = 10): Promise<Dialect> {
  // Loaded only for a Postgres database: a SQLite deployment starts without the driver.
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString: url, max: connections });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", (error) => console.warn(`Postgres pool: ${error.message}`));
  return new OwnSchemaPostgresDialect({ pool });
}

/** Postgres, its introspection (the migrator's) kept to the connection's own schema. */
class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>) {
    return new OwnSchemaIntrospector(db);
  }
}

/**
 * Opens the database named by DATABASE_URL and applies every pending migration (or the ones
 * given: a migration test stops short of the one it checks).
 */
export async function createDatabase(
  url: string,
  { upTo = migrations }: { upTo?: Record<string, Migration> } = {},
): Promise<AppDatabase> {
  const dialect: DatabaseDialectName = url.startsWith("file:") ? "sqlite" : "postgres";
  const db = new Kysely<Database>({
    dialect: dialect === "sqlite" ? sqliteDialect(url) : await postgresDialect(url),
  });
  try {
    await migrateToLatest(db, upTo);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, dialect, destroy: () => db.destroy() };
}

/**
 * The handle for background work (the outbox worker) beside `database`, already migrated. On
 * Postgres a pool of two connections of its own: sharing the requests' pool, the worker's batch of
 * deliveries held connections that a third of the requests under load waited for (issue 14).
 * SQLite has one connection, shared; closing the handle leaves it to `database`.
 */
export async function backgroundDatabase(url: string, database: AppDatabase): Promise<AppDatabase> {
  if (database.dialect === "sqlite") return { ...database, destroy: async () => undefined };
  const db = new Kysely<Database>({ dialect: await postgresDialect(url, 2) });
  return { db, dialect: database.dialect, destroy: () => db.destroy() };
}

/** Held on Postgres for a whole migration run, bookkeeping checks included (below). */
const migrationRunLockId = 7_351_902_418_660_231n;

export async function migrateToLatest(db: Db, available = migrations) {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return migrate(db, available);
  // Kysely looks for its bookkeeping tables before it takes its lock: a column another run drops
  // meanwhile (a second instance starting) failed that look. The whole run waits for any other,
  // on one connection.
  await db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${sql.lit(migrationRunLockId)})`.execute(connection);
    try {
      await migrate(connection, available);
    } finally {
      await sql`SELECT pg_advisory_unlock(${sql.lit(migrationRunLockId)})`.execute(connection);
    }
  });
}

async function migrate(db: Db, available: Record<string, Migration>) {
  // Kysely looks for its bookkeeping tables in every schema; on Postgres pin them to the schema
  // this connection works in, so a database shared by several schemas (the tests) stays apart.
  const migrationTableSchema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db)).rows[0]
          ?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    migrationTableSchema,
    provider: { getMigrations: async () => available },
    // Branches add migrations in parallel (001–099 leads, 1xx orders): apply whichever is missing.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    const name = failed ? ` ${failed.migrationName}` : "";
    throw new Error(`Database migration${name} failed: ${(error as Error)?.message ?? error}`);
  }
}

/** Throws unless the database answers. */
export async function pingDatabase(db: Db) {
  await sql`SELECT 1`.execute(db);
}
