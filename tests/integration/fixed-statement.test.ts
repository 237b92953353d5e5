import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedStatement } from "~/.server/core/db/fixed-statement";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

for (const dialect of allDialects) {
  describe(`a fixed statement on ${dialect}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(() => database.dispose());

    let builds = 0;
    const countHit = fixedStatement<
      { key: string; start: string; hits?: number },
      { hits: number }
    >((db, value) => {
      builds++;
      return db
        .insertInto("rate_limit_windows")
        .values({
          bucket: "fixed",
          client_key: value("key"),
          window_start: value("start"),
          hits: value("hits")!,
        })
        .onConflict((conflict) =>
          conflict
            .columns(["bucket", "client_key", "window_start"])
            .doUpdateSet((eb) => ({ hits: eb("rate_limit_windows.hits", "+", 1) })),
        )
        .returning("hits");
    });

    it("binds each call's values to the SQL it compiled once, in and out of a transaction", async () => {
      const hits = async (key: string, start: string, count: number) =>
        (await countHit(database.db, { key, start, hits: count })).rows;
      expect(await hits("a", "t1", 5)).toEqual([{ hits: 5 }]);
      expect(await hits("b", "t1", 7)).toEqual([{ hits: 7 }]);
      expect(await hits("a", "t1", 5)).toEqual([{ hits: 6 }]);
      await database.db.transaction().execute(async (trx) => {
        expect((await countHit(trx, { key: "a", start: "t2", hits: 9 })).rows).toEqual([
          { hits: 9 },
        ]);
      });
      expect(builds).toBe(1);
      const rows = await database.db
        .selectFrom("rate_limit_windows")
        .select(["client_key", "window_start", "hits"])
        .where("bucket", "=", "fixed")
        .orderBy("client_key")
        .orderBy("window_start")
        .execute();
      expect(rows).toEqual([
        { client_key: "a", window_start: "t1", hits: 6 },
        { client_key: "a", window_start: "t2", hits: 9 },
        { client_key: "b", window_start: "t1", hits: 7 },
      ]);
    });

    it("binds a value left undefined as NULL", async () => {
      // hits is NOT NULL: the database refuses the NULL bound for the missing value.
      await expect(countHit(database.db, { key: "c", start: "t1" })).rejects.toThrow(/null/i);
    });
  });
}
