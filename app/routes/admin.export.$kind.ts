import { data } from "react-router";
import type { Route } from "./+types/admin.export.$kind";
import { requireAdminPage } from "~/.server/admin/admin-request";
import { recordAdminAction } from "~/.server/core/audit-log";
import { csvDownload } from "~/.server/admin/csv-export";
import { messageExportColumns, messagesForExport } from "~/.server/admin/inbox";
import { orderExportColumns, ordersForExport } from "~/.server/admin/orders";
import { peopleFilterFromQuery } from "~/.server/admin/people-query";
import { peopleExportColumns, peopleForExport } from "~/.server/audience/people-export";
import { inboxStatuses } from "~/lib/admin-statuses";
import { contactInterests } from "~/lib/contact-message-schema";

const orderStatuses = ["pending", "paid", "refunded", "failed"] as const;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

/** CSV exports of people, messages or orders for the filter in the query, streamed; audit-logged. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireAdminPage(request, context);
  const query = new URL(request.url).searchParams;
  const day = context.clock.now().toISOString().slice(0, 10);
  const logged = async () =>
    recordAdminAction(context.db, {
      actor: session.email,
      action: `export.${params.kind}`,
      detail: Object.fromEntries(query),
      now: context.clock.now(),
    });
  if (params.kind === "people") {
    const { filter } = await peopleFilterFromQuery(context.db, query);
    await logged();
    return csvDownload(
      `people-${day}.csv`,
      peopleExportColumns,
      peopleForExport(context.db, filter),
    );
  }
  if (params.kind === "messages") {
    const filter = {
      status: oneOf(inboxStatuses, query.get("status")),
      interest: oneOf(contactInterests, query.get("interest")),
    };
    await logged();
    return csvDownload(
      `messages-${day}.csv`,
      messageExportColumns,
      messagesForExport(context.db, filter),
    );
  }
  if (params.kind === "orders") {
    await logged();
    return csvDownload(
      `orders-${day}.csv`,
      orderExportColumns,
      ordersForExport(context.db, { status: oneOf(orderStatuses, query.get("status")) }),
    );
  }
  throw data("No such export", 404);
}
