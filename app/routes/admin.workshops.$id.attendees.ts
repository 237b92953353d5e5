import { data } from "react-router";
import type { Route } from "./+types/admin.workshops.$id.attendees";
import { consoleDownload, csvDownload, requireAdminPage } from "~/.server/admin";
import { attendeeColumns, cohortAttendeeRows, loadEvent } from "~/.server/workshops";

/** A cohort's attendees as CSV: who, their state, and what each paid, owes, got back. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return consoleDownload(request, context, `/admin/workshops/${params.id}`, async () => {
    await requireAdminPage(request, context);
    const event = await loadEvent(context.db, params.id);
    if (!event || event.seats === null) throw data("No such cohort", 404);
    return csvDownload(
      `cohort-${event.start_date}-attendees.csv`,
      attendeeColumns,
      cohortAttendeeRows(context.db, event.id),
    );
  });
}
