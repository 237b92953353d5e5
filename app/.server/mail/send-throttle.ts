import type { Clock } from "../core/clock";
import type { Db } from "../core/db/database";

const bucket = "broadcast-send";
const minuteMs = 60_000;
const milli = 1000;

export type SendThrottle = {
  /** Takes up to `wanted` sends; resolves with how many may go now (0: wait). */
  take(wanted: number): Promise<number>;
};

/**
 * A token bucket shared by every instance: one row of send_token_buckets, taken by
 * compare-and-set, so two instances never spend the same tokens and a lost race takes none this
 * round. It holds at most
 * `burst` tokens and fills at `ratePerMinute - burst` a minute: in any rolling minute at most the
 * bucket's content plus a minute's filling go out, never more than `ratePerMinute`, and after the
 * first burst sends are spaced evenly. 0 lifts the limit.
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
  // A burst of a second's worth (at least 1) lets a worker's batch go together.
  const burst = Math.max(1, Math.floor(ratePerMinute / 60));
  const fillPerMs = Math.max(ratePerMinute - burst, 1) / minuteMs;
  return {
    async take(wanted) {
      if (ratePerMinute === 0 || wanted <= 0) return Math.max(0, wanted);
      const now = clock.now();
      const nowIso = now.toISOString();
      await db
        .insertInto("send_token_buckets")
        .values({ name: bucket, milli_tokens: burst * milli, filled_at: nowIso })
        .onConflict((conflict) => conflict.column("name").doNothing())
        .execute();
      const row = await db
        .selectFrom("send_token_buckets")
        .select(["milli_tokens", "filled_at"])
        .where("name", "=", bucket)
        .executeTakeFirstOrThrow();
      const elapsedMs = Math.max(0, now.getTime() - new Date(row.filled_at).getTime());
      const tokens = Math.min(
        burst * milli,
        row.milli_tokens + Math.floor(elapsedMs * fillPerMs * milli),
      );
      const granted = Math.min(wanted, Math.floor(tokens / milli));
      if (granted <= 0) return 0;
      const taken = await db
        .updateTable("send_token_buckets")
        .set({ milli_tokens: tokens - granted * milli, filled_at: nowIso })
        .where("name", "=", bucket)
        .where("filled_at", "=", row.filled_at)
        .where("milli_tokens", "=", row.milli_tokens)
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1 ? granted : 0;
    },
  };
}
