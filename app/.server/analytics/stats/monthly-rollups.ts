import { sql } from "kysely";
import type { Db } from "../../core/db/database";
import { addDays } from "./day-figures";

/** The month (YYYY-MM) of a day (YYYY-MM-DD). */
export const monthOf = (day: string) => day.slice(0, 7);
const firstDayOf = (month: string) => `${month}-01`;
/** Past every day of the month in text order (days are YYYY-MM-DD). */
const pastLastDayOf = (month: string) => `${month}-32`;

/**
 * Sums the daily counts and conversions of every month that has ended by `lastFinished` (its
 * last day rolled up) into the monthly tables, when the month has no sums yet or one of its days
 * was rolled up again since. A month at a time, in one transaction; the `analytics_rolled_months`
 * row is written first, so on Postgres a second instance doing the same month waits, then redoes
 * it alike.
 */
export async function rollUpFinishedMonths(db: Db, lastFinished: string, now: Date) {
  const endedBefore = firstDayOf(monthOf(addDays(lastFinished, 1)));
  const [days, rolled] = await Promise.all([
    db
      .selectFrom("analytics_daily_totals")
      .select([
        sql<string>`substr(day, 1, 7)`.as("month"),
        (eb) => eb.fn.max("rolled_at").as("rolled_at"),
      ])
      .where("day", "<", endedBefore)
      .groupBy(sql`substr(day, 1, 7)`)
      .execute(),
    db.selectFrom("analytics_rolled_months").select(["month", "rolled_at"]).execute(),
  ]);
  const rolledAt = new Map(rolled.map((row) => [row.month, row.rolled_at]));
  const months = days
    .filter((row) => {
      const done = rolledAt.get(row.month);
      return done === undefined || done < row.rolled_at;
    })
    .map((row) => row.month)
    .sort();
  for (const month of months) await writeMonth(db, month, now);
  return months;
}

async function writeMonth(db: Db, month: string, now: Date) {
  const inMonth = { from: firstDayOf(month), to: pastLastDayOf(month) };
  const monthValue = sql<string>`cast(${month} as text)`.as("month");
  await db.transaction().execute(async (trx) => {
    const rolledAt = now.toISOString();
    await trx
      .insertInto("analytics_rolled_months")
      .values({ month, rolled_at: rolledAt })
      .onConflict((conflict) => conflict.column("month").doUpdateSet({ rolled_at: rolledAt }))
      .execute();
    await trx.deleteFrom("analytics_monthly_counts").where("month", "=", month).execute();
    await trx.deleteFrom("analytics_monthly_conversions").where("month", "=", month).execute();
    await trx
      .insertInto("analytics_monthly_counts")
      .columns(["month", "dimension", "key", "views", "visitors"])
      .expression(
        trx
          .selectFrom("analytics_daily_counts")
          .select([
            monthValue,
            "dimension",
            "key",
            (eb) => eb.fn.sum<number>("views").as("views"),
            (eb) => eb.fn.sum<number>("visitors").as("visitors"),
          ])
          .where("day", ">=", inMonth.from)
          .where("day", "<", inMonth.to)
          .groupBy(["dimension", "key"]),
      )
      .execute();
    await trx
      .insertInto("analytics_monthly_conversions")
      .columns(["month", "dimension", "key", "conversions", "revenue_cents"])
      .expression(
        trx
          .selectFrom("analytics_daily_conversions")
          .select([
            monthValue,
            "dimension",
            "key",
            (eb) => eb.fn.sum<number>("conversions").as("conversions"),
            (eb) => eb.fn.sum<number>("revenue_cents").as("revenue_cents"),
          ])
          .where("day", ">=", inMonth.from)
          .where("day", "<", inMonth.to)
          .groupBy(["dimension", "key"]),
      )
      .execute();
  });
}

/** The months lying wholly within `from`..`to` (days, both included), oldest first. */
export function wholeMonthsWithin(from: string, to: string) {
  const months: string[] = [];
  let month = monthOf(from);
  if (firstDayOf(month) !== from) month = monthOf(addDays(lastDayOf(month), 1));
  for (let last = lastDayOf(month); last <= to; last = lastDayOf(month)) {
    months.push(month);
    month = monthOf(addDays(last, 1));
  }
  return months;
}

/** The last day (YYYY-MM-DD) of a month. */
export function lastDayOf(month: string) {
  const [year, monthIndex] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, monthIndex, 0)).toISOString().slice(0, 10);
}
