import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hitRateLimit, tokenBucket } from "~/.server/core/rate-limit";
import { ManualClock } from "../../support/manual-clock";
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
    beforeEach(async () => {
      await database.db.deleteFrom("rate_limit_windows").execute();
      await database.db.deleteFrom("rate_limit_buckets").execute();
    });

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

    describe("token-bucket mode", () => {
      const perMinute = (clock: ManualClock, limit: number, burst: number) =>
        tokenBucket(
          { db: database.db, clock },
          { bucket: "broadcast-send", limit, windowMs: 60_000, burst },
        );

      it("lets a burst go, then spaces the rest evenly, never over the limit in any rolling minute", async () => {
        const clock = new ManualClock();
        const bucket = perMinute(clock, 120, 2);
        const start = clock.now().getTime();
        const granted: number[] = [];
        // Ninety seconds of a worker asking for five every quarter second.
        for (let step = 0; step < 360; step++) {
          const { granted: count } = await bucket.take(5);
          for (let index = 0; index < count; index++) granted.push(clock.now().getTime() - start);
          clock.advance(250);
        }
        for (const from of granted) {
          expect(
            granted.filter((time) => time >= from && time < from + 60_000).length,
          ).toBeLessThanOrEqual(120);
        }
        expect(granted.filter((time) => time === 0)).toHaveLength(2);
        // Each draw may drop under a thousandth of a token to rounding: 360 draws, under a token.
        expect(granted.length).toBeGreaterThanOrEqual(1 + Math.floor((89.75 * 119) / 60));
        // After the burst one token every 60 s / 119 (504 ms), on a quarter-second clock.
        const gaps = granted.slice(2).map((time, index) => time - granted[index + 1]!);
        expect(Math.min(...gaps)).toBeGreaterThanOrEqual(500);
        expect(Math.max(...gaps)).toBeLessThanOrEqual(750);
      });

      it("is shared: two instances drawing at the same moment never spend the same tokens", async () => {
        const clock = new ManualClock();
        const instances = [perMinute(clock, 600, 10), perMinute(clock, 600, 10)];
        await instances[0]!.take(0);
        let total = 0;
        for (let round = 0; round < 20; round++) {
          const grants = await Promise.all(
            Array.from({ length: 8 }, (_, index) => instances[index % 2]!.take(3)),
          );
          total += grants.reduce((sum, { granted }) => sum + granted, 0);
          clock.advance(1_000);
        }
        // A full bucket of 10 plus 19 seconds filling at (600 - 10 + 1) a minute.
        expect(total).toBeLessThanOrEqual(10 + Math.floor((19 * 591) / 60));
        expect(total).toBeGreaterThan(0);
      });

      it("does not fill twice when an instance's clock reading is older than the last fill", async () => {
        const lagging = new ManualClock();
        const ahead = new ManualClock(new Date(lagging.now().getTime() + 1_000).toISOString());
        await perMinute(lagging, 600, 10).take(0);
        // Both draw at the same real moment; one read its clock a second before the other wrote.
        expect((await perMinute(ahead, 600, 10).take(5)).granted).toBe(5);
        expect((await perMinute(lagging, 600, 10).take(5)).granted).toBe(5);
        expect((await perMinute(ahead, 600, 10).take(10)).granted).toBe(0);
      });

      it("grants what is there and says when the next token is due, to the millisecond", async () => {
        const clock = new ManualClock();
        const bucket = perMinute(clock, 1200, 1);
        // A full bucket of one; then one every 50 ms (1,200 a minute with a burst of one).
        expect(await bucket.take(5)).toEqual({ granted: 1, nextTokenInMs: 50 });
        clock.advance(20);
        expect(await bucket.take(5)).toEqual({ granted: 0, nextTokenInMs: 30 });
        clock.advance(30);
        expect(await bucket.take(5)).toEqual({ granted: 1, nextTokenInMs: 50 });
        // A draw 70 ms late gets one token (the bucket holds one) and the next is due at once.
        clock.advance(120);
        expect(await bucket.take(5)).toEqual({ granted: 1, nextTokenInMs: 50 });
        const spaced = perMinute(clock, 600, 5);
        clock.advance(10_000);
        // Five at once (the burst), then every 60 s / 596, fractions kept between draws.
        expect(await spaced.take(8)).toEqual({ granted: 5, nextTokenInMs: 101 });
        clock.advance(101);
        expect(await spaced.take(8)).toEqual({ granted: 1, nextTokenInMs: 101 });
        let total = 0;
        for (let step = 0; step < 600; step++) {
          clock.advance(10);
          total += (await spaced.take(8)).granted;
        }
        expect(total).toBe(Math.floor((6_000 * 596) / 60_000));
      });

      it("grants everything when the limit is 0 (lifted)", async () => {
        const bucket = perMinute(new ManualClock(), 0, 0);
        expect((await bucket.take(1_000)).granted).toBe(1_000);
        expect(await database.db.selectFrom("rate_limit_buckets").selectAll().execute()).toEqual(
          [],
        );
      });
    });
  });
}
