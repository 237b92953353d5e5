import type { Db } from "../../core/db/database";
import { addDays, dayEnd, dayOf, dayStart, figuresOfDays, type DayFigures } from "./day-figures";
import { rollUpFinishedMonths } from "./monthly-rollups";

/** A day is rolled up this long after it ends: the last beacons are flushed by then. */
const settleMs = 5 * 60_000;
/** Rows per INSERT, far below either database's parameter limit. */
const rowsPerInsert = 500;

/** Today's rollup is worked out again from the raw events when it is older than this. */
export const todayRefreshMs = 60_000;

/** A rollup made once the day had ended and settled; earlier ones (today's) are provisional. */
const isFinal = (day: string, rolledAt: string, zone: string) =>
  Date.parse(rolledAt) > Date.parse(dayEnd(day, zone)) + settleMs;

/**
 * Writes one day's rollups, replacing any earlier ones, in one transaction. The totals row is
 * written first: on Postgres its row lock makes a second instance rolling the same day wait and
 * then replace the rows alike, so two instances never leave duplicates or a mix.
 */
export async function writeRollup(db: Db, figures: DayFigures, now: Date) {
  await db.transaction().execute(async (trx) => {
    const totals = { ...figures.totals, rolled_at: now.toISOString() };
    await trx
      .insertInto("analytics_daily_totals")
      .values({ day: figures.day, ...totals })
      .onConflict((conflict) => conflict.column("day").doUpdateSet(totals))
      .execute();
    await trx.deleteFrom("analytics_daily_counts").where("day", "=", figures.day).execute();
    await trx.deleteFrom("analytics_daily_conversions").where("day", "=", figures.day).execute();
    const counts = figures.counts.map((row) => ({ day: figures.day, ...row }));
    for (let start = 0; start < counts.length; start += rowsPerInsert)
      await trx
        .insertInto("analytics_daily_counts")
        .values(counts.slice(start, start + rowsPerInsert))
        .execute();
    const conversions = figures.conversions.map((row) => ({ day: figures.day, ...row }));
    for (let start = 0; start < conversions.length; start += rowsPerInsert)
      await trx
        .insertInto("analytics_daily_conversions")
        .values(conversions.slice(start, start + rowsPerInsert))
        .execute();
  });
}

/**
 * Rolls up every finished day that has raw events or conversions and no final rollup yet, oldest
 * first, one day per transaction, then the months that have ended since. Idempotent: a day
 * already rolled up after it ended is left alone.
 */
export async function rollUpFinishedDays(db: Db, now: Date, zone: string): Promise<string[]> {
  const lastFinished = addDays(dayOf(new Date(now.getTime() - settleMs).toISOString(), zone), -1);
  const [firstEvent, firstConversion] = await Promise.all([
    db
      .selectFrom("analytics_events")
      .select((eb) => eb.fn.min("occurred_at").as("at"))
      .executeTakeFirst(),
    db
      .selectFrom("analytics_attributions")
      .select((eb) => eb.fn.min("converted_at").as("at"))
      .executeTakeFirst(),
  ]);
  const firsts = [firstEvent?.at, firstConversion?.at].filter((at): at is string => !!at).sort();
  if (firsts.length === 0) return [];
  const first = dayOf(firsts[0]!, zone);
  if (first > lastFinished) return [];
  const rolled = await db
    .selectFrom("analytics_daily_totals")
    .select(["day", "rolled_at"])
    .where("day", ">=", first)
    .where("day", "<=", lastFinished)
    .execute();
  const done = new Set(
    rolled.filter((row) => isFinal(row.day, row.rolled_at, zone)).map((row) => row.day),
  );
  const days: string[] = [];
  for (let day = first; day <= lastFinished; day = addDays(day, 1))
    if (!done.has(day)) days.push(day);
  for (const day of days) {
    const [figures] = await figuresOfDays(db, [day], zone);
    await writeRollup(db, figures!, now);
  }
  await rollUpFinishedMonths(db, lastFinished, now);
  return days;
}

/**
 * Today's rollup, worked out again from the raw events when it is older than `todayRefreshMs`
 * (or missing): the console then reads today like any other day, and the work is done once a
 * minute for every instance (they share the row), not on each load. Yesterday's provisional one
 * is refreshed alike until its final rollup: a visit going on past midnight keeps its length.
 * Returns whether it did.
 */
export async function refreshTodayRollup(db: Db, now: Date, zone: string): Promise<boolean> {
  const today = dayOf(now.toISOString(), zone);
  const yesterday = addDays(today, -1);
  const current = await db
    .selectFrom("analytics_daily_totals")
    .select(["day", "rolled_at"])
    .where("day", "in", [yesterday, today])
    .execute();
  const due = [yesterday, today].filter((day) => {
    const row = current.find((rolled) => rolled.day === day);
    if (!row) return day === today;
    return (
      !isFinal(day, row.rolled_at, zone) &&
      now.getTime() - Date.parse(row.rolled_at) >= todayRefreshMs
    );
  });
  if (due.length === 0) return false;
  for (const figures of await figuresOfDays(db, due, zone)) await writeRollup(db, figures, now);
  return due.includes(today);
}

/**
 * Deletes raw events older than `retentionDays` whole days, a day per statement so no single
 * delete holds the table long. Only rolled-up days are deleted: their figures stay in the rollups.
 */
export async function deleteExpiredEvents(db: Db, now: Date, retentionDays: number, zone: string) {
  const keepFrom = addDays(dayOf(now.toISOString(), zone), -retentionDays);
  const oldest = await db
    .selectFrom("analytics_events")
    .select((eb) => eb.fn.min("occurred_at").as("at"))
    .where("occurred_at", "<", dayStart(keepFrom, zone))
    .executeTakeFirst();
  if (!oldest?.at) return 0;
  const rolled = await db
    .selectFrom("analytics_daily_totals")
    .select("day")
    .where("day", ">=", dayOf(oldest.at, zone))
    .where("day", "<", keepFrom)
    .execute();
  let deleted = 0;
  for (const { day } of rolled) {
    const result = await db
      .deleteFrom("analytics_events")
      .where("occurred_at", ">=", dayStart(day, zone))
      .where("occurred_at", "<", dayStart(addDays(day, 1), zone))
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}
