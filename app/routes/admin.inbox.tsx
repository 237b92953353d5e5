import { Form, Link } from "react-router";
import { requireAdminPage } from "~/.server/admin/admin-request";
import type { Route } from "./+types/admin.inbox";
import { AdminTime } from "~/components/admin/admin-time";
import { adminMeta } from "~/components/admin/admin-meta";
import { ExportLink } from "~/components/admin/export-link";
import { Pagination } from "~/components/admin/pagination";
import { StatusBadge } from "~/components/admin/status-badge";
import { Button } from "~/components/ui/button";
import { fieldClassName } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { inboxPageSize, listInboxMessages } from "~/.server/admin/inbox";
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

const selectClass = cn(fieldClassName, "h-10");

export default function AdminInbox({ loaderData }: Route.ComponentProps) {
  const { filter, messages, total, pageSize, search } = loaderData;
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-semibold">Inbox</h1>
      <Form method="get" className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div className="space-y-2">
          <Label htmlFor="status">Status</Label>
          <select
            id="status"
            name="status"
            defaultValue={filter.status ?? ""}
            className={selectClass}
          >
            <option value="">Any status</option>
            {inboxStatuses.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-2">
          <Label htmlFor="interest">Interest</Label>
          <select
            id="interest"
            name="interest"
            defaultValue={filter.interest ?? ""}
            className={selectClass}
          >
            <option value="">Any interest</option>
            {contactInterests.map((interest) => (
              <option key={interest} value={interest}>
                {interest}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </Form>
      {messages.length === 0 ? (
        <p className="rounded-lg border bg-card p-6 text-muted-foreground">No messages match.</p>
      ) : (
        <ul className="divide-y rounded-lg border bg-card" data-testid="inbox-list">
          {messages.map((message) => (
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
          ))}
        </ul>
      )}
      <ExportLink kind="messages" search={search} label="Export these messages (CSV)" />
      <Pagination
        page={filter.page}
        pageSize={pageSize}
        total={total}
        search={new URLSearchParams(search)}
      />
    </div>
  );
}
