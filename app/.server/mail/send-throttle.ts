import type { Clock } from "../core/clock";
import type { Db } from "../core/db/database";

const bucket = "broadcast-send";
const minuteMs = 60_000;

export type SendThrottle = {
  /** Takes up to `wanted` sends; resolves with how many may go now (0: wait). */
  take(wanted: number): Promise<number>;
};

/**
 * At most `ratePerMinute` bulk sends per minute, by all instances together: the counter is a row
 * of rate_limit_windows, taken by compare-and-set (two instances never take the same slots, and a
 * lost race takes none this round). 0 lifts the limit.
 */
export function sendThrottle({
  db,
  clock,
  ratePerMinute,
}: {
  db: Db;
  clock: Clock;
  ratePerMinute: number;
}): SendThrottle {
  return {
    async take(wanted) {
      if (ratePerMinute === 0 || wanted <= 0) return Math.max(0, wanted);
      const now = clock.now();
      const windowStart = new Date(Math.floor(now.getTime() / minuteMs) * minuteMs).toISOString();
      const slot = { bucket, client_key: "outbox", window_start: windowStart };
      await db
        .insertInto("rate_limit_windows")
        .values({ ...slot, hits: 0 })
        .onConflict((conflict) =>
          conflict.columns(["bucket", "client_key", "window_start"]).doNothing(),
        )
        .execute();
      const { hits } = await db
        .selectFrom("rate_limit_windows")
        .select("hits")
        .where("bucket", "=", slot.bucket)
        .where("client_key", "=", slot.client_key)
        .where("window_start", "=", windowStart)
        .executeTakeFirstOrThrow();
      const granted = Math.min(wanted, ratePerMinute - hits);
      if (granted <= 0) return 0;
      const taken = await db
        .updateTable("rate_limit_windows")
        .set({ hits: hits + granted })
        .where("bucket", "=", slot.bucket)
        .where("client_key", "=", slot.client_key)
        .where("window_start", "=", windowStart)
        .where("hits", "=", hits)
        .executeTakeFirst();
      if (hits === 0) {
        await db
          .deleteFrom("rate_limit_windows")
          .where("bucket", "=", bucket)
          .where("window_start", "<", windowStart)
          .execute();
      }
      return Number(taken.numUpdatedRows) === 1 ? granted : 0;
    },
  };
}
