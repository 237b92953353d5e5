import { Form, Link } from "react-router";
import { inboxPageSize, listInboxMessages, requireAdminPage } from "~/.server/admin";
import type { Route } from "./+types/admin.inbox";
import { AdminTime } from "~/components/admin/admin-time";
import { adminMeta } from "~/components/admin/admin-meta";
import { ExportLink } from "~/components/admin/export-link";
import { FilterSelect } from "~/components/admin/filter-select";
import { Pagination } from "~/components/admin/pagination";
import { ResultList } from "~/components/admin/result-list";
import { StatusBadge } from "~/components/admin/status-badge";
import { Button } from "~/components/ui/button";
import { inboxStatuses } from "~/lib/admin-statuses";
import { contactInterests } from "~/lib/contact-message-schema";
import { cn } from "~/lib/class-names";

export const meta = () => adminMeta("Inbox");

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const query = new URL(request.url).searchParams;
  const filter = {
    status: oneOf(inboxStatuses, query.get("status")),
    interest: oneOf(contactInterests, query.get("interest")),
    page: Math.max(1, Math.floor(Number(query.get("page")) || 1)),
  };
  const { messages, total } = await listInboxMessages(context.db, filter);
  return { filter, messages, total, pageSize: inboxPageSize, search: query.toString() };
}

export default function AdminInbox({ loaderData }: Route.ComponentProps) {
  const { filter, messages, total, pageSize, search } = loaderData;
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-semibold">Inbox</h1>
      <Form method="get" className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <FilterSelect name="status" label="Status" value={filter.status} options={inboxStatuses} />
        <FilterSelect
          name="interest"
          label="Interest"
          value={filter.interest}
          options={contactInterests}
        />
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </Form>
      <ResultList
        items={messages}
        emptyText="No messages match."
        testId="inbox-list"
        renderItem={(message) => (
          <li key={message.id}>
            <Link
              to={`/admin/inbox/${message.id}`}
              className="block space-y-1 p-4 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <span className="flex flex-wrap items-center justify-between gap-2">
                <span className={cn("font-medium", message.status === "new" && "font-semibold")}>
                  {message.first_name} {message.last_name}
                  <span className="font-normal text-muted-foreground"> · {message.interest}</span>
                </span>
                <StatusBadge status={message.status} />
              </span>
              <span className="line-clamp-2 block text-sm text-muted-foreground">
                {message.message}
              </span>
              <span className="block text-xs text-muted-foreground">
                {message.email} · <AdminTime iso={message.created_at} />
              </span>
            </Link>
          </li>
        )}
      />
      <ExportLink kind="messages" search={search} label="Export these messages (CSV)" />
      <Pagination page={filter.page} pageSize={pageSize} total={total} search={search} />
    </div>
  );
}
