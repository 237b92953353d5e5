import type { Db } from "../../core/db/database";
import { writeRollup } from "./daily-rollups";
import { addDays, dayOf, figuresOfDays } from "./day-figures";

const rowId = "site";

/**
 * Cuts the kept days again when the stored rollups were cut in another zone than the owner's
 * (UTC, before decision 325; or `OWNER_TIME_ZONE` changed since): each day from the first one
 * whose raw events are all kept to today is worked out again, a day per transaction, and the zone
 * recorded, so it happens once. Days whose raw events are gone keep the figures they were cut
 * with. Returns the days cut again.
 */
export async function recutDaysInZone(db: Db, now: Date, zone: string): Promise<string[]> {
  const stored = await db
    .selectFrom("analytics_days_zone")
    .select("zone")
    .where("id", "=", rowId)
    .executeTakeFirst();
  if (stored?.zone === zone) return [];
  const days: string[] = [];
  const first = stored
    ? await db
        .selectFrom("analytics_events")
        .select((eb) => eb.fn.min("occurred_at").as("at"))
        .executeTakeFirst()
    : undefined;
  if (stored && first?.at) {
    // Days rolled up before the first kept event had their events deleted, whole days in the
    // old zone: the first day in the new one has lost its start, and keeps its old figures.
    const deletedBefore = await db
      .selectFrom("analytics_daily_totals")
      .select("day")
      .where("day", "<", dayOf(first.at, stored.zone))
      .executeTakeFirst();
    const firstDay = dayOf(first.at, zone);
    const today = dayOf(now.toISOString(), zone);
    for (let day = deletedBefore ? addDays(firstDay, 1) : firstDay; day <= today;) {
      const [figures] = await figuresOfDays(db, [day], zone);
      await writeRollup(db, figures!, now);
      days.push(day);
      day = addDays(day, 1);
    }
  }
  const cut = { zone, cut_at: now.toISOString() };
  await db
    .insertInto("analytics_days_zone")
    .values({ id: rowId, ...cut })
    .onConflict((conflict) => conflict.column("id").doUpdateSet(cut))
    .execute();
  return days;
}
