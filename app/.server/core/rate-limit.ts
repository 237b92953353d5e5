import type { Clock } from "./clock";
import type { Db } from "./db/database";
import { fixedStatement, fixedStatementPerCount } from "./db/fixed-statement";
import { emailKey } from "./email-key";
import type { ServiceDeps } from "./service-deps";

/** The window every public write's limit counts in. */
export const rateLimitWindowMs = 10 * 60_000;

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Per database and bucket, the window whose ended predecessors this process last swept. */
const sweptWindows = new WeakMap<Db, Map<string, number>>();

/** One hit for each of a form's keys (one or two), by the number of keys. */
const hitsUpsert = fixedStatementPerCount((count) =>
  fixedStatement<Record<string, string>, { hits: number }>((db, value) =>
    db
      .insertInto("rate_limit_windows")
      .values(
        Array.from({ length: count }, (_, index) => ({
          bucket: value("bucket"),
          client_key: value(`key${index}`),
          window_start: value("window_start"),
          hits: 1,
        })),
      )
      .onConflict((conflict) =>
        conflict
          .columns(["bucket", "client_key", "window_start"])
          .doUpdateSet((eb) => ({ hits: eb("rate_limit_windows.hits", "+", 1) })),
      )
      .returning("hits"),
  ),
);

/**
 * Counts one hit for each of `keys` in the current fixed window and says whether every key is
 * within `limit`. The counters live in the database, so every app instance shares them: one atomic
 * upsert for all keys, in sorted order so two requests sharing keys lock them alike.
 */
export async function hitRateLimit(
  db: Db,
  {
    bucket,
    keys,
    limit,
    windowMs,
    now,
  }: { bucket: string; keys: string[]; limit: number; windowMs: number; now: Date },
): Promise<RateLimitDecision> {
  const windowStartMs = Math.floor(now.getTime() / windowMs) * windowMs;
  const windowStart = new Date(windowStartMs).toISOString();
  const sorted = [...new Set(keys)].sort();
  const { rows: counted } = await hitsUpsert(sorted.length)(db, {
    bucket,
    window_start: windowStart,
    ...Object.fromEntries(sorted.map((key, index) => [`key${index}`, key])),
  });
  let swept = sweptWindows.get(db);
  if (!swept) sweptWindows.set(db, (swept = new Map()));
  if (swept.get(bucket) !== windowStartMs) {
    // Once per window and process, not per new key: the sweep reads the bucket's every row.
    swept.set(bucket, windowStartMs);
    await db
      .deleteFrom("rate_limit_windows")
      .where("bucket", "=", bucket)
      .where("window_start", "<", new Date(windowStartMs - windowMs).toISOString())
      .execute();
  }
  if (counted.every(({ hits }) => hits <= limit)) return { allowed: true };
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStartMs + windowMs - now.getTime()) / 1000)),
  };
}

/**
 * Counts a batch's hits per key at once in the current shared window (one upsert), and says how
 * many of each key's hits were within `limit`: the first ones of the batch are, the rest are not.
 */
export async function hitRateLimitBatch(
  db: Db,
  {
    bucket,
    hits,
    limit,
    windowMs,
    now,
  }: { bucket: string; hits: Map<string, number>; limit: number; windowMs: number; now: Date },
): Promise<Map<string, number>> {
  const within = new Map<string, number>();
  if (hits.size === 0) return within;
  const windowStartMs = Math.floor(now.getTime() / windowMs) * windowMs;
  const windowStart = new Date(windowStartMs).toISOString();
  const keys = [...hits.keys()].sort();
  // Chunks keep each statement far below either database's parameter limit.
  for (let start = 0; start < keys.length; start += 500) {
    const counted = await db
      .insertInto("rate_limit_windows")
      .values(
        keys.slice(start, start + 500).map((key) => ({
          bucket,
          client_key: key,
          window_start: windowStart,
          hits: hits.get(key)!,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(["bucket", "client_key", "window_start"]).doUpdateSet((eb) => ({
          hits: eb("rate_limit_windows.hits", "+", eb.ref("excluded.hits")),
        })),
      )
      .returning(["client_key", "hits"])
      .execute();
    for (const { client_key, hits: total } of counted) {
      const before = total - hits.get(client_key)!;
      within.set(client_key, Math.max(0, Math.min(hits.get(client_key)!, limit - before)));
    }
  }
  let swept = sweptWindows.get(db);
  if (!swept) sweptWindows.set(db, (swept = new Map()));
  if (swept.get(bucket) !== windowStartMs) {
    swept.set(bucket, windowStartMs);
    await db
      .deleteFrom("rate_limit_windows")
      .where("bucket", "=", bucket)
      .where("window_start", "<", new Date(windowStartMs - windowMs).toISOString())
      .execute();
  }
  return within;
}

/**
 * One hit for each key (a client address, a sender address…) in `bucket`, in the shared window;
 * refused when any key is over `limit`. A limit of 0 lifts it (a setting for private deployments).
 */
export async function checkRateLimits(
  { db, clock }: Pick<ServiceDeps, "db" | "clock">,
  { bucket, keys, limit }: { bucket: string; keys: string[]; limit: number },
): Promise<RateLimitDecision> {
  if (limit === 0) return { allowed: true };
  return hitRateLimit(db, { bucket, keys, limit, windowMs: rateLimitWindowMs, now: clock.now() });
}

/** The key a limit counts a sender's address under (next to `ip:<address>`). */
export const emailLimitKey = (email: string) => `email:${emailKey(email)}`;

/** Forgets the counts kept under these keys in every bucket (a person's erasure). */
export async function forgetRateLimitKeys(db: Db, keys: string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const deleted = await db
    .deleteFrom("rate_limit_windows")
    .where("client_key", "in", keys)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** Tokens are kept in thousandths, so a fraction filled between two draws is not lost. */
const milli = 1000;

/** What one draw got: tokens to spend now, and when the next one is due. */
export type TokenGrant = {
  granted: number;
  /** Milliseconds until the bucket holds its next whole token (0: one is there now). */
  nextTokenInMs: number;
};

export type TokenBucket = {
  /** Takes what is available of `wanted` tokens now, and says when the next one is due. */
  take(wanted: number): Promise<TokenGrant>;
};

/** Lost races retried at once before a draw gives up for this round (another took the tokens). */
const casAttempts = 4;

/**
 * The limit's token-bucket mode, for work that must be spread out rather than refused (the
 * broadcast throttle): at most `limit` in any rolling `windowMs`, at most `burst` at once, evenly
 * spaced after that. One row of rate_limit_buckets is shared by every instance and taken by
 * compare-and-set, so two instances never spend the same tokens (a lost race reads again).
 *
 * The bucket holds `burst` (at least one) and fills at `limit - burst + 1` per window, in
 * thousandths: any window shorter than `windowMs` sees at most a full bucket plus what filled in
 * it, under `limit + 1`, so at most `limit`; a long run gets `(limit - burst + 1) / limit` of the
 * rate (all of it with a burst of one). A draw grants whatever whole tokens are there, and says
 * when the next is due so the caller sleeps exactly that long (decision 140). A limit of 0 lifts it.
 */
export function tokenBucket(
  { db, clock }: { db: Db; clock: Clock },
  {
    bucket,
    limit,
    windowMs,
    burst,
  }: { bucket: string; limit: number; windowMs: number; burst: number },
): TokenBucket {
  const capacity = Math.max(1, Math.min(burst, limit));
  const fillPerMs = (limit - capacity + 1) / windowMs;
  /** Until `tokens` (thousandths) holds a whole one more than it grants. */
  const untilNext = (remaining: number) =>
    remaining >= milli ? 0 : Math.max(1, Math.ceil((milli - remaining) / (fillPerMs * milli)));
  let created = false;
  async function take(wanted: number): Promise<TokenGrant> {
    if (limit === 0) return { granted: Math.max(0, wanted), nextTokenInMs: 0 };
    if (!created) {
      await db
        .insertInto("rate_limit_buckets")
        .values({
          name: bucket,
          milli_tokens: capacity * milli,
          filled_at: clock.now().toISOString(),
        })
        .onConflict((conflict) => conflict.column("name").doNothing())
        .execute();
      created = true;
    }
    for (let attempt = 0; ; attempt++) {
      const now = clock.now();
      const row = await db
        .selectFrom("rate_limit_buckets")
        .select(["milli_tokens", "filled_at"])
        .where("name", "=", bucket)
        .executeTakeFirst();
      if (!row) {
        created = false;
        return take(wanted);
      }
      // Another instance may have filled it after this one read its clock: time never runs
      // back, or the same milliseconds would fill the bucket twice.
      const filledMs = Math.max(now.getTime(), Date.parse(row.filled_at));
      const elapsedMs = filledMs - Date.parse(row.filled_at);
      const tokens = Math.min(
        capacity * milli,
        row.milli_tokens + Math.floor(elapsedMs * fillPerMs * milli),
      );
      const granted = Math.max(0, Math.min(wanted, Math.floor(tokens / milli)));
      const remaining = tokens - granted * milli;
      if (granted <= 0) return { granted: 0, nextTokenInMs: untilNext(remaining) };
      const taken = await db
        .updateTable("rate_limit_buckets")
        .set({ milli_tokens: remaining, filled_at: new Date(filledMs).toISOString() })
        .where("name", "=", bucket)
        .where("filled_at", "=", row.filled_at)
        .where("milli_tokens", "=", row.milli_tokens)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) {
        return { granted, nextTokenInMs: untilNext(remaining) };
      }
      if (attempt + 1 >= casAttempts) return { granted: 0, nextTokenInMs: 1 };
    }
  }
  return { take };
}
