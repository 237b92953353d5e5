import { data } from "react-router";
import type { Route } from "./+types/admin.export.$kind";
import {
  auditEntriesForExport,
  auditExportColumns,
  auditFilterFromQuery,
  consoleDownload,
  csvDownload,
  messageExportColumns,
  messagesForExport,
  orderExportColumns,
  ordersForExport,
  peopleFilterFromQuery,
  requireAdminPage,
} from "~/.server/admin";
import { recordAdminAction } from "~/.server/core/audit-log";
import { peopleExportColumns, peopleForExport } from "~/.server/audience";
import { dealExportColumns, dealFilterFromQuery, dealsForExport } from "~/.server/deals";
import { inboxStatuses } from "~/lib/admin-statuses";
import { contactInterests } from "~/lib/contact-message-schema";

const orderStatuses = ["pending", "paid", "refunded", "failed"] as const;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

const listPages: Record<string, string> = {
  people: "/admin/people",
  messages: "/admin/inbox",
  orders: "/admin/orders",
  audit: "/admin/audit",
  deals: "/admin/pipeline",
};

/** CSV exports of people, messages, orders, deals or audit entries for the filter in the query. */
export async function loader(args: Route.LoaderArgs) {
  const back = listPages[args.params.kind] ?? "/admin";
  return consoleDownload(args.request, args.context, back, () => exportFor(args));
}

/** The export itself, streamed; audit-logged. */
async function exportFor({ request, params, context }: Route.LoaderArgs) {
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
  if (params.kind === "deals") {
    await logged();
    return csvDownload(
      `deals-${day}.csv`,
      dealExportColumns,
      dealsForExport(context.db, dealFilterFromQuery(query)),
    );
  }
  if (params.kind === "audit") {
    const { filter } = auditFilterFromQuery(query);
    await logged();
    return csvDownload(
      `audit-${day}.csv`,
      auditExportColumns,
      auditEntriesForExport(context.db, filter),
    );
  }
  throw data(
    "There is no export of that kind: the console exports people, messages, orders, deals and the audit log.",
    404,
  );
}
