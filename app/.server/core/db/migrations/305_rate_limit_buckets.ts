import type { Kysely } from "kysely";

/**
 * The broadcast throttle's bucket table becomes the rate limiter's token-bucket mode (issue 21):
 * one primitive in core/rate-limit.ts, not a second counter beside it.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("send_token_buckets").renameTo("rate_limit_buckets").execute();
}
