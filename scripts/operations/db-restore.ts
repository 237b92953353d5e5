// `npm run db:restore -- <backup file> [--force]`: puts a backup taken by db:backup back as the
// SQLite database. Stop the site first: a server holding the old file would keep writing to it.
import "dotenv/config";
import { existsSync, mkdirSync, renameSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { databaseUrlSetting, sqliteFileOf } from "./sqlite-file";

function checkBackup(file: string) {
  if (!existsSync(file)) throw new Error(`No backup at ${file}.`);
  const backup = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = backup.pragma("integrity_check", { simple: true });
    if (integrity !== "ok") throw new Error(`${file} is damaged: ${String(integrity)}`);
    const migrations = backup
      .prepare("SELECT count(*) AS count FROM sqlite_master WHERE name = 'kysely_migration'")
      .get() as { count: number };
    if (migrations.count === 0) throw new Error(`${file} is not a backup of this site's database.`);
  } finally {
    backup.close();
  }
}

try {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const backupFile = args.find((arg) => arg !== "--force");
  if (!backupFile)
    throw new Error("Name the backup: npm run db:restore -- <backup file> [--force]");
  checkBackup(backupFile);
  const target = sqliteFileOf(databaseUrlSetting());
  if (existsSync(target)) {
    // A -wal file beside the database means a connection has it open (or one stopped uncleanly).
    const open = existsSync(`${target}-wal`);
    if (!force) {
      throw new Error(
        `${target} exists${open ? " and looks open by a running site" : ""}. Stop the site, then run again with --force; the current database is kept as ${target}.before-restore-<time>.`,
      );
    }
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    for (const suffix of ["", "-wal", "-shm"]) {
      if (existsSync(`${target}${suffix}`)) {
        renameSync(`${target}${suffix}`, `${target}.before-restore-${stamp}${suffix}`);
      }
    }
    console.log(`Kept the previous database as ${target}.before-restore-${stamp}.`);
  }
  mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const backup = new SQLite(backupFile, { readonly: true, fileMustExist: true });
  try {
    await backup.backup(target);
  } finally {
    backup.close();
  }
  console.log(`Restored ${backupFile} to ${target}. Start the site.`);
} catch (error) {
  console.error(`db:restore: ${(error as Error).message}`);
  process.exitCode = 1;
}
