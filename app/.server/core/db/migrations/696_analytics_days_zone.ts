import { sql, type Kysely } from "kysely";

/**
 * The zone the stored daily rollups are cut in (issue 50 point 4). Those rolled up so far were cut
 * at UTC midnight: marked so, the next housekeeping cuts the days whose raw events are still kept
 * again in OWNER_TIME_ZONE, once, and records that zone.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("analytics_days_zone")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("zone", "text", (column) => column.notNull())
    .addColumn("cut_at", "text", (column) => column.notNull())
    .execute();
  await sql`insert into analytics_days_zone (id, zone, cut_at)
    select 'site', 'UTC', ${new Date().toISOString()}
    where exists (select 1 from analytics_daily_totals)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("analytics_days_zone").execute();
}
