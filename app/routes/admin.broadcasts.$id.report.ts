import { data } from "react-router";
import type { Route } from "./+types/admin.broadcasts.$id.report";
import { consoleDownload, csvDownload, requireAdminPage } from "~/.server/admin";
import {
  broadcastReport,
  broadcastReportColumns,
  broadcastReportRows,
  findBroadcast,
} from "~/.server/broadcasts";

/** The broadcast's report as CSV: its figures, pauses, refusals and the "may not have gone out" list. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return consoleDownload(request, context, `/admin/broadcasts/${params.id}`, async () => {
    await requireAdminPage(request, context);
    const broadcast = await findBroadcast(context.db, params.id);
    if (!broadcast) throw data("Broadcast not found", 404);
    const rows = broadcastReportRows(await broadcastReport(context.db, broadcast.id));
    async function* each() {
      yield* rows;
    }
    return csvDownload(`broadcast-${broadcast.id}-report.csv`, broadcastReportColumns, each());
  });
}
