import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hitRateLimit } from "~/.server/core/rate-limit";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const windowMs = 10 * 60_000;
const windowStart = new Date("2026-11-25T10:00:00.000Z");
const at = (offsetMs: number) => new Date(windowStart.getTime() + offsetMs);

for (const dialect of allDialects) {
  describe(`rate limits on ${dialect}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(() => database.dispose());
    beforeEach(() => database.db.deleteFrom("rate_limit_windows").execute());

    const hit = (keys: string[], now: Date, limit = 2) =>
      hitRateLimit(database.db, { bucket: "contact", keys, limit, windowMs, now });
    const counters = () =>
      database.db
        .selectFrom("rate_limit_windows")
        .select(["client_key", "window_start", "hits"])
        .orderBy("client_key")
        .orderBy("window_start")
        .execute();

    it("counts every key in one go and refuses when any of them is over the limit", async () => {
      expect(await hit(["ip:1", "email:a"], at(0))).toEqual({ allowed: true });
      expect(await hit(["ip:1", "email:b"], at(1_000))).toEqual({ allowed: true });
      // ip:1's third hit in the window, though email:c is new.
      expect(await hit(["ip:1", "email:c"], at(60_000))).toEqual({
        allowed: false,
        retryAfterSeconds: 540,
      });
      expect(await hit(["ip:2", "email:d", "email:d"], at(2_000))).toEqual({ allowed: true });
      expect((await counters()).map(({ client_key, hits }) => [client_key, hits])).toEqual([
        ["email:a", 1],
        ["email:b", 1],
        ["email:c", 1],
        ["email:d", 1],
        ["ip:1", 3],
        ["ip:2", 1],
      ]);
    });

    it("starts again in the next window and sweeps the windows that have ended", async () => {
      await hit(["ip:1"], at(-2 * windowMs));
      await hit(["ip:1"], at(-windowMs));
      await hit(["ip:1"], at(-windowMs));
      expect(await hit(["ip:1"], at(-windowMs))).toMatchObject({ allowed: false });
      expect(await hit(["ip:1"], at(0))).toEqual({ allowed: true });
      expect((await counters()).map(({ window_start, hits }) => [window_start, hits])).toEqual([
        [at(-windowMs).toISOString(), 3],
        [windowStart.toISOString(), 1],
      ]);
    });

    it("counts parallel hits on shared keys exactly, without a deadlock", async () => {
      const requests = Array.from({ length: 40 }, (_, index) =>
        hit(index % 2 ? ["email:shared", "ip:shared"] : ["ip:shared", "email:shared"], at(0), 1000),
      );
      expect(await Promise.all(requests)).toEqual(requests.map(() => ({ allowed: true })));
      expect((await counters()).map(({ client_key, hits }) => [client_key, hits])).toEqual([
        ["email:shared", 40],
        ["ip:shared", 40],
      ]);
    });
  });
}
