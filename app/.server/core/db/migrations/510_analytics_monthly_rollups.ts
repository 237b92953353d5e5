import type { Kysely } from "kysely";

/**
 * Monthly rollups (issue 24, point 5): a finished month's counts and conversions summed from its
 * days, so a 12-month range reads about 12 months and 30 edge days of rollups, not 365 days. A
 * month's row in `analytics_rolled_months` says its sums are there (also when they are empty).
 * The daily tables get an index by day: the console reads them by day range, across dimensions.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("analytics_rolled_months")
    .addColumn("month", "text", (column) => column.primaryKey())
    .addColumn("rolled_at", "text", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("analytics_monthly_counts")
    .addColumn("month", "text", (column) => column.notNull())
    .addColumn("dimension", "text", (column) => column.notNull())
    .addColumn("key", "text", (column) => column.notNull())
    .addColumn("views", "integer", (column) => column.notNull())
    .addColumn("visitors", "integer", (column) => column.notNull())
    .addPrimaryKeyConstraint("analytics_monthly_counts_pk", ["month", "dimension", "key"])
    .execute();

  await db.schema
    .createTable("analytics_monthly_conversions")
    .addColumn("month", "text", (column) => column.notNull())
    .addColumn("dimension", "text", (column) => column.notNull())
    .addColumn("key", "text", (column) => column.notNull())
    .addColumn("conversions", "integer", (column) => column.notNull())
    .addColumn("revenue_cents", "integer", (column) => column.notNull())
    .addPrimaryKeyConstraint("analytics_monthly_conversions_pk", ["month", "dimension", "key"])
    .execute();

  await db.schema
    .createIndex("analytics_daily_counts_day")
    .on("analytics_daily_counts")
    .column("day")
    .execute();
  await db.schema
    .createIndex("analytics_daily_conversions_day")
    .on("analytics_daily_conversions")
    .column("day")
    .execute();
}
