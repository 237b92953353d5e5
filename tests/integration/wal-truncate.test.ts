import { statSync } from "node:fs";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { truncateWal } from "~/.server/core/db/wal-truncate";
import { createTestDatabase, type TestDatabase } from "../../support/test-databases";

describe("truncating SQLite's WAL (decision 307)", () => {
  let database: TestDatabase;
  let file: string;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    file = database.url.slice("file:".length);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const walBytes = () => statSync(`${file}-wal`).size;
  const write = () =>
    database.db
      .insertInto("erased_addresses")
      .values({ address_hash: crypto.randomUUID(), erased_at: new Date().toISOString() })
      .execute();

  it("empties the WAL once no other connection reads from it, and gives up after its tries", async () => {
    await write();
    expect(walBytes()).toBeGreaterThan(0);
    expect(await truncateWal(database.db)).toBe(true);
    expect(walBytes()).toBe(0);

    // Another connection (the outbox thread, a backup) in the middle of a read.
    const reader = new SQLite(file);
    reader.exec("begin");
    reader.prepare("select count(*) from erased_addresses").get();
    await write();
    expect(await truncateWal(database.db, { attempts: 2, firstPauseMs: 1 })).toBe(false);
    expect(walBytes()).toBeGreaterThan(0);
    // The site's own writes still go through afterwards.
    await write();

    reader.exec("commit");
    reader.close();
    expect(await truncateWal(database.db)).toBe(true);
    expect(walBytes()).toBe(0);
  });
});
