// `npm run db:backup [-- <file>]`: a consistent copy of the SQLite database, taken with SQLite's
// online backup API while the site keeps running (writes made meanwhile wait briefly or land after).
import "dotenv/config";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { databaseUrlSetting, sqliteFileOf } from "./sqlite-file";

try {
  const source = sqliteFileOf(databaseUrlSetting());
  if (!existsSync(source)) throw new Error(`No database at ${source}.`);
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const target = process.argv[2] ?? path.join("backups", `site-${stamp}.db`);
  if (existsSync(target)) throw new Error(`${target} exists already: choose another file.`);
  mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const database = new SQLite(source, { fileMustExist: true });
  database.pragma("busy_timeout = 5000");
  try {
    // All pages in one step, inside one read snapshot: stepping page by page would restart each
    // time the running site writes. In WAL mode the site's writes go on meanwhile.
    const { totalPages } = await database.backup(target, { progress: () => 0x7fffffff });
    console.log(`Backed up ${source} to ${target} (${totalPages} pages).`);
  } finally {
    database.close();
  }
} catch (error) {
  console.error(`db:backup: ${(error as Error).message}`);
  process.exitCode = 1;
}
