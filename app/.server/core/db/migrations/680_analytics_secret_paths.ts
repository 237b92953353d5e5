import type { Kysely } from "kysely";
import { secretFreePaths } from "~/lib/secret-paths";

/** The routes with a secret in their URL when this was written (decision 306), kept as they were. */
const secretRoutes = [
  "/foundations-program/offer/:token",
  "/foundations-program/cancel/:token",
  "/foundations-program/balance/:token",
  "/lists/:list/confirm/:token",
  "/lists/:list/unsubscribe/:token",
  "/booking/confirm/:token",
  "/booking/session/:token",
  "/booking/reschedule/:token",
  "/booking/cancel/:token",
  "/newsletter/unsubscribe/:token",
  "/downloads/book/:token",
  "/booking/invite/:token",
  "/booking/feed/:file",
  "/waitlist/confirm/:token",
];
const keptPath = secretFreePaths(secretRoutes);
/** Only paths starting so can hold a secret: the rows worth reading. */
const prefixes = [
  ...new Set(secretRoutes.map((pattern) => pattern.slice(0, pattern.indexOf(":")))),
];

/** The rollups keyed by a path: their period column, path dimensions and summed figures. */
const rollups = [
  {
    table: "analytics_daily_counts",
    period: "day",
    dimensions: ["page", "entry"],
    sums: ["views", "visitors"],
  },
  {
    table: "analytics_monthly_counts",
    period: "month",
    dimensions: ["page", "entry"],
    sums: ["views", "visitors"],
  },
  {
    table: "analytics_daily_conversions",
    period: "day",
    dimensions: ["landing"],
    sums: ["conversions", "revenue_cents"],
  },
  {
    table: "analytics_monthly_conversions",
    period: "month",
    dimensions: ["landing"],
    sums: ["conversions", "revenue_cents"],
  },
];

type Row = Record<string, string | number>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables as they stood then
type Untyped = Kysely<any>;

/** Rewrites one path column: each stored path with a secret becomes its route's pattern. */
async function rewriteColumn(db: Untyped, table: string, column: string) {
  const stored = await db
    .selectFrom(table)
    .select(column)
    .distinct()
    .where((eb) => eb.or(prefixes.map((prefix) => eb(column, "like", `${prefix}%`))))
    .execute();
  for (const row of stored as Row[]) {
    const path = String(row[column]);
    const kept = keptPath(path);
    if (kept !== path) {
      await db
        .updateTable(table)
        .set({ [column]: kept })
        .where(column, "=", path)
        .execute();
    }
  }
}

/**
 * Rewrites a rollup's path keys; rows that now share a key are merged into one, their figures
 * summed (a visitor who opened two such links on a day counts twice: the rows no longer say).
 */
async function mergeRollup(
  db: Untyped,
  { table, period, dimensions, sums }: (typeof rollups)[number],
) {
  const rows = (await db
    .selectFrom(table)
    .selectAll()
    .where("dimension", "in", dimensions)
    .where((eb) => eb.or(prefixes.map((prefix) => eb("key", "like", `${prefix}%`))))
    .execute()) as Row[];
  const merged = new Map<string, { rows: Row[]; changed: boolean }>();
  for (const row of rows) {
    const key = keptPath(String(row.key));
    const group = `${row[period]}\u0000${row.dimension}\u0000${key}`;
    const entry = merged.get(group) ?? { rows: [], changed: false };
    entry.rows.push(row);
    entry.changed ||= key !== row.key;
    merged.set(group, entry);
  }
  for (const { rows: group, changed } of merged.values()) {
    if (!changed) continue;
    for (const row of group) {
      await db
        .deleteFrom(table)
        .where(period, "=", row[period]!)
        .where("dimension", "=", row.dimension!)
        .where("key", "=", row.key!)
        .execute();
    }
    const first = group[0]!;
    const summed = Object.fromEntries(
      sums.map((column) => [column, group.reduce((total, row) => total + Number(row[column]), 0)]),
    );
    await db
      .insertInto(table)
      .values({
        [period]: first[period],
        dimension: first.dimension,
        key: keptPath(String(first.key)),
        ...summed,
      })
      .execute();
  }
}

/**
 * Page views and sources stored before analytics named a link's token (issue 46 point 2): every
 * stored path of a secret link becomes its route's pattern, in the raw events, the attributions
 * and the rollups that Top pages and the exports read.
 */
export async function up(db: Untyped) {
  await rewriteColumn(db, "analytics_events", "path");
  await rewriteColumn(db, "analytics_attributions", "landing_path");
  await rewriteColumn(db, "analytics_attributions", "conversion_path");
  for (const rollup of rollups) await mergeRollup(db, rollup);
}

/** The tokens are gone for good: nothing to put back. */
export async function down() {}
