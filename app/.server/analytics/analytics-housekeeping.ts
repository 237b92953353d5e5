import type { Db } from "../core/db/database";
import { readAnalyticsSettings } from "./analytics-settings";
import { deleteExpiredEvents, refreshTodayRollup, rollUpFinishedDays } from "./stats/daily-rollups";
import { recutDaysInZone } from "./stats/days-zone";

/**
 * The periodic job: cuts the kept days again if the owner's zone is new to them, rolls up the
 * days that have ended, then deletes raw events past the owner's retention (only days already
 * rolled up). Every instance may run it: each step is idempotent. `zone` is `OWNER_TIME_ZONE`.
 */
export async function analyticsHousekeeping(db: Db, now: Date, zone: string) {
  const recut = await recutDaysInZone(db, now, zone);
  const rolledUp = await rollUpFinishedDays(db, now, zone);
  const { retentionDays } = await readAnalyticsSettings(db);
  const deleted = await deleteExpiredEvents(db, now, retentionDays, zone);
  return { recut, rolledUp, deleted };
}

/**
 * The minute job: today's rollup worked out again when a minute old (every instance runs it, the
 * first one due does the work), and a day that has just ended rolled up for good.
 */
export async function analyticsTodayRefresh(db: Db, now: Date, zone: string) {
  await recutDaysInZone(db, now, zone);
  await rollUpFinishedDays(db, now, zone);
  return refreshTodayRollup(db, now, zone);
}
