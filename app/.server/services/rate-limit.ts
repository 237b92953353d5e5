import type { Db } from "../db/database";
import type { ServiceDeps } from "./service-deps";

/** The window every public write's limit counts in. */
export const rateLimitWindowMs = 10 * 60_000;

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one hit for `key` in the current fixed window and says whether it is within `limit`.
 * The counter lives in the database (one atomic upsert), so every app instance shares it.
 */
export async function hitRateLimit(
  db: Db,
  {
    bucket,
    key,
    limit,
    windowMs,
    now,
  }: { bucket: string; key: string; limit: number; windowMs: number; now: Date },
): Promise<RateLimitDecision> {
  const windowStartMs = Math.floor(now.getTime() / windowMs) * windowMs;
  const windowStart = new Date(windowStartMs).toISOString();
  const { hits } = await db
    .insertInto("rate_limit_windows")
    .values({ bucket, client_key: key, window_start: windowStart, hits: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(["bucket", "client_key", "window_start"])
        .doUpdateSet((eb) => ({ hits: eb("rate_limit_windows.hits", "+", 1) })),
    )
    .returning("hits")
    .executeTakeFirstOrThrow();
  if (hits === 1) {
    // First hit of a window: a good moment to forget windows that have ended.
    await db
      .deleteFrom("rate_limit_windows")
      .where("bucket", "=", bucket)
      .where("window_start", "<", new Date(windowStartMs - windowMs).toISOString())
      .execute();
  }
  if (hits <= limit) return { allowed: true };
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStartMs + windowMs - now.getTime()) / 1000)),
  };
}

/**
 * One hit for each key (a client address, a sender address…) in `bucket`; refused as soon as one
 * key is over `limit` per window. A limit of 0 lifts it (a setting for private deployments).
 */
export async function checkRateLimits(
  { db, clock }: Pick<ServiceDeps, "db" | "clock">,
  { bucket, keys, limit }: { bucket: string; keys: string[]; limit: number },
): Promise<RateLimitDecision> {
  if (limit === 0) return { allowed: true };
  const now = clock.now();
  for (const key of keys) {
    const decision = await hitRateLimit(db, {
      bucket,
      key,
      limit,
      windowMs: rateLimitWindowMs,
      now,
    });
    if (!decision.allowed) return decision;
  }
  return { allowed: true };
}
