import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

/** A database a benchmark runs against, removed by `cleanup` once measured. */
export type BenchDatabase = { name: string; url: string; cleanup: () => Promise<void> };

/** A fresh SQLite file in a temporary folder. */
export function sqliteBenchDatabase(folderPrefix: string): BenchDatabase {
  const dir = mkdtempSync(path.join(tmpdir(), folderPrefix));
  return {
    name: "SQLite",
    url: `file:${path.join(dir, "site.db")}`,
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

let schemasCreated = 0;

/** A schema of its own on the Postgres server at `url` (a new one each call), dropped at cleanup. */
export async function postgresBenchDatabase(
  url: string,
  schemaPrefix: string,
): Promise<BenchDatabase> {
  const schema = `${schemaPrefix}_${process.pid}_${++schemasCreated}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const target = new URL(url);
  target.searchParams.set("options", `-c search_path=${schema}`);
  return {
    name: "PostgreSQL",
    url: target.toString(),
    cleanup: async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}
