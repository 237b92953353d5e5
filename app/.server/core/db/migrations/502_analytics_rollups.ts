import type { Kysely } from "kysely";

/**
 * Analytics at a year's scale (issue 24): the owner's settings (how long raw events are kept,
 * paths not counted), and daily rollups the console reads for past days, so a year of data is a
 * few hundred rows a day instead of millions of events.
 */
export async function up(db: Kysely<unknown>) {
  // One row ('site'); absent until the owner saves the settings, and the defaults apply.
  await db.schema
    .createTable("analytics_settings")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("retention_days", "integer", (column) => column.notNull())
    // JSON array of path prefixes.
    .addColumn("excluded_paths", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();

  // One row per rolled-up UTC day: its presence says the day's other rollups are written.
  await db.schema
    .createTable("analytics_daily_totals")
    .addColumn("day", "text", (column) => column.primaryKey())
    .addColumn("visitors", "integer", (column) => column.notNull())
    .addColumn("page_views", "integer", (column) => column.notNull())
    .addColumn("visits", "integer", (column) => column.notNull())
    .addColumn("visit_seconds", "integer", (column) => column.notNull())
    // The funnel: visits that reached /buy-now, checkouts started, purchases and their revenue.
    .addColumn("buy_now_visits", "integer", (column) => column.notNull())
    .addColumn("checkout_starts", "integer", (column) => column.notNull())
    .addColumn("purchases", "integer", (column) => column.notNull())
    .addColumn("revenue_cents", "integer", (column) => column.notNull())
    .addColumn("rolled_at", "text", (column) => column.notNull())
    .execute();

  // Page views and visitors per day and key of a dimension (page, entry page, referrer...).
  await db.schema
    .createTable("analytics_daily_counts")
    .addColumn("day", "text", (column) => column.notNull())
    .addColumn("dimension", "text", (column) => column.notNull())
    .addColumn("key", "text", (column) => column.notNull())
    .addColumn("views", "integer", (column) => column.notNull())
    .addColumn("visitors", "integer", (column) => column.notNull())
    .addPrimaryKeyConstraint("analytics_daily_counts_pk", ["dimension", "day", "key"])
    .execute();

  // Conversions and revenue per day and source (referrer, campaign, landing page).
  await db.schema
    .createTable("analytics_daily_conversions")
    .addColumn("day", "text", (column) => column.notNull())
    .addColumn("dimension", "text", (column) => column.notNull())
    .addColumn("key", "text", (column) => column.notNull())
    .addColumn("conversions", "integer", (column) => column.notNull())
    .addColumn("revenue_cents", "integer", (column) => column.notNull())
    .addPrimaryKeyConstraint("analytics_daily_conversions_pk", ["dimension", "day", "key"])
    .execute();
}
