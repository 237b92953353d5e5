import type { Db } from "../core/db/database";
import { readAnalyticsSettings } from "./analytics-settings";
import { deleteExpiredEvents, refreshTodayRollup, rollUpFinishedDays } from "./stats/daily-rollups";

/**
 * The periodic job: rolls up the days that have ended, then deletes raw events past the owner's
 * retention (only days already rolled up). Every instance may run it: both steps are idempotent.
 */
export async function analyticsHousekeeping(db: Db, now: Date) {
  const rolledUp = await rollUpFinishedDays(db, now);
  const { retentionDays } = await readAnalyticsSettings(db);
  const deleted = await deleteExpiredEvents(db, now, retentionDays);
  return { rolledUp, deleted };
}

/**
 * The minute job: today's rollup worked out again when a minute old (every instance runs it, the
 * first one due does the work), and a day that has just ended rolled up for good.
 */
export async function analyticsTodayRefresh(db: Db, now: Date) {
  await rollUpFinishedDays(db, now);
  return refreshTodayRollup(db, now);
}
