import { data } from "react-router";
import type { Route } from "./+types/admin.people.$id.export";
import { consoleDownload, requireAdminPage } from "~/.server/admin";
import { personDataExport, recordPersonExport } from "~/.server/audience";

/** Everything held about one person, as a JSON file (an access request); audit-logged. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return consoleDownload(request, context, "/admin/people", async () => {
    const session = await requireAdminPage(request, context);
    const record = await personDataExport(context.db, params.id);
    if (!record) throw data("No one with this id is on record: they may have been erased.", 404);
    await recordPersonExport(context, { personId: params.id, actor: session.email });
    return new Response(JSON.stringify(record, null, 2), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="person-${record.person.id}.json"`,
      },
    });
  });
}
