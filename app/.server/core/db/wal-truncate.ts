import { SqliteAdapter, sql } from "kysely";
import { logLines } from "../logger";
import { sqliteBusyTimeoutMs, type Db } from "./database";

type CheckpointRow = { busy: number; log: number; checkpointed: number };

/** One try that never waits: busy while another connection reads an older snapshot or writes. */
async function tryTruncate(db: Db): Promise<boolean> {
  return db.connection().execute(async (connection) => {
    // Waiting here would hold the event loop (better-sqlite3 is synchronous); the caller waits.
    await sql`pragma busy_timeout = 0`.execute(connection);
    try {
      const { rows } = await sql<CheckpointRow>`pragma wal_checkpoint(TRUNCATE)`.execute(
        connection,
      );
      return rows[0]?.busy === 0;
    } catch (error) {
      if ((error as { code?: string }).code === "SQLITE_BUSY") return false;
      throw error;
    } finally {
      await sql`pragma busy_timeout = ${sql.raw(String(sqliteBusyTimeoutMs))}`.execute(connection);
    }
  });
}

/**
 * Copies every page of SQLite's WAL into the database file and truncates the WAL to nothing, so
 * the rows as they were before the last writes (an erased person's) are in no file. A reader on
 * another connection (the outbox thread, a backup) can block it: tried `attempts` times, waiting a
 * little longer each time. Resolves false when it never got through; a no-op on PostgreSQL.
 */
export async function truncateWal(
  db: Db,
  { attempts = 8, firstPauseMs = 50 }: { attempts?: number; firstPauseMs?: number } = {},
): Promise<boolean> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return true;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (await tryTruncate(db)) return true;
    if (attempt < attempts)
      await new Promise((resolve) => setTimeout(resolve, firstPauseMs * 2 ** (attempt - 1)));
  }
  logLines.warn({ attempts }, "the WAL could not be truncated: another connection kept reading");
  return false;
}
