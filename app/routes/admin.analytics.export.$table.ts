import { data } from "react-router";
import type { Route } from "./+types/admin.analytics.export.$table";
import { consoleDownload, csvDownload, requireAdminPage } from "~/.server/admin";
import { dayRangeFromQuery, reportColumns, reportTable, reportTables } from "~/.server/analytics";
import { recordAdminAction } from "~/.server/core/audit-log";

/** One table of the analytics page, for the range in the query, as CSV; audit-logged. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return consoleDownload(request, context, "/admin/analytics", async () => {
    const session = await requireAdminPage(request, context);
    const table = reportTables.find((name) => name === params.table);
    if (!table) throw data("No such analytics table", 404);
    const zone = context.config.OWNER_TIME_ZONE;
    const range = dayRangeFromQuery(new URL(request.url).searchParams, context.clock.now(), zone);
    const rows = await reportTable(context.db, range, table, zone);
    await recordAdminAction(context.db, {
      actor: session.email,
      action: `export.analytics.${table}`,
      detail: range,
      now: context.clock.now(),
    });
    async function* each() {
      yield* rows as Record<string, string | number | null>[];
    }
    return csvDownload(
      `analytics-${table}-${range.from}-${range.to}.csv`,
      reportColumns[table],
      each(),
    );
  });
}
