import type { Db } from "../core/db/database";
import { pageWithTotal } from "../core/db/page-with-total";

export const auditPageSize = 50;

/** What the audit page shows of an entry and its CSV carries, in the CSV's column order. */
export const auditExportColumns = [
  "created_at",
  "actor_email",
  "action",
  "subject",
  "detail",
] as const;

/** Days are whole UTC days, `from` and `to` both included. */
export type AuditFilter = {
  action?: string;
  actor?: string;
  from?: string;
  to?: string;
};

export type AuditFilterProblem = { field: "from" | "to"; message: string };

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

function isDay(value: string) {
  return (
    dayPattern.test(value) && new Date(`${value}T00:00:00.000Z`).toISOString().startsWith(value)
  );
}

function nextDay(day: string) {
  return new Date(new Date(`${day}T00:00:00.000Z`).getTime() + 86_400_000).toISOString();
}

/**
 * The filter as the page's query string gives it; a date that is not a calendar day is left out
 * and named in `problems`, so the page still answers and says what it ignored.
 */
export function auditFilterFromQuery(query: URLSearchParams) {
  const filter: AuditFilter = {};
  const problems: AuditFilterProblem[] = [];
  const action = query.get("action")?.trim();
  const actor = query.get("actor")?.trim();
  if (action) filter.action = action;
  if (actor) filter.actor = actor;
  for (const field of ["from", "to"] as const) {
    const value = query.get(field)?.trim();
    if (!value) continue;
    if (isDay(value)) filter[field] = value;
    else problems.push({ field, message: `"${value}" is not a date (YYYY-MM-DD): not applied.` });
  }
  return { filter, problems };
}

function filteredEntries(db: Db, filter: AuditFilter) {
  let query = db.selectFrom("admin_audit_log");
  if (filter.action) query = query.where("action", "=", filter.action);
  if (filter.actor) query = query.where("actor_email", "=", filter.actor);
  // Stored timestamps are ISO strings in UTC, so text comparison is time order on both databases.
  if (filter.from) query = query.where("created_at", ">=", `${filter.from}T00:00:00.000Z`);
  if (filter.to) query = query.where("created_at", "<", nextDay(filter.to));
  return query;
}

/** One page of entries, newest first, how many match, and the choices for the filter's selects. */
export async function listAuditEntries(db: Db, filter: AuditFilter & { page: number }) {
  const [{ rows, total }, actions, actors] = await Promise.all([
    pageWithTotal(
      filteredEntries(db, filter),
      (query) =>
        query
          .select(["id", ...auditExportColumns])
          .orderBy("created_at", "desc")
          .orderBy("id", "desc"),
      { page: filter.page, pageSize: auditPageSize },
    ),
    db.selectFrom("admin_audit_log").select("action").distinct().orderBy("action").execute(),
    db
      .selectFrom("admin_audit_log")
      .select("actor_email")
      .distinct()
      .orderBy("actor_email")
      .execute(),
  ]);
  return {
    entries: rows.map(({ detail, ...entry }) => ({ ...entry, detail: detailPairs(detail) })),
    total,
    actions: actions.map((row) => row.action),
    actors: actors.map((row) => row.actor_email),
  };
}

/** The stored detail as name/value pairs, as written: nothing is looked up that was not stored. */
function detailPairs(detail: string): [string, string][] {
  const parsed: unknown = JSON.parse(detail);
  if (!parsed || typeof parsed !== "object") return [];
  return Object.entries(parsed).map(([name, value]) => [
    name,
    typeof value === "string" ? value : JSON.stringify(value),
  ]);
}

/**
 * Every entry matching the filter in time order, for the CSV export: read a batch at a time after
 * the last (time, id) seen, so no query holds the whole log.
 */
export async function* auditEntriesForExport(db: Db, filter: AuditFilter, batchSize = 1000) {
  let last: { created_at: string; id: string } | undefined;
  for (;;) {
    let query = filteredEntries(db, filter)
      .select(["id", ...auditExportColumns])
      .orderBy("created_at")
      .orderBy("id")
      .limit(batchSize);
    if (last) {
      const after = last;
      query = query.where((eb) =>
        eb.or([
          eb("created_at", ">", after.created_at),
          eb.and([eb("created_at", "=", after.created_at), eb("id", ">", after.id)]),
        ]),
      );
    }
    const batch = await query.execute();
    for (const { id: _id, ...entry } of batch) yield entry;
    if (batch.length < batchSize) return;
    last = batch[batch.length - 1];
  }
}
