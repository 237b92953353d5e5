import { Link } from "react-router";
import type { Route } from "./+types/admin.broadcasts";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTime } from "~/components/admin/admin-time";
import { StatusBadge } from "~/components/admin/status-badge";
import { buttonVariants } from "~/components/ui/button";
import { requireAdminPage } from "~/.server/admin";
import { listBroadcasts } from "~/.server/broadcasts";

export const meta = () => adminMeta("Broadcasts");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return { broadcasts: await listBroadcasts(context.db) };
}

export default function AdminBroadcasts({ loaderData: { broadcasts } }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-semibold">Broadcasts</h1>
        <Link to="/admin/broadcasts/new" className={buttonVariants()}>
          Write a broadcast
        </Link>
      </div>
      {broadcasts.length === 0 ? (
        <p className="rounded-lg border bg-card p-6 text-muted-foreground">
          No broadcast yet. Your confirmed subscribers are waiting to hear from you.
        </p>
      ) : (
        <ul className="divide-y rounded-lg border bg-card" data-testid="broadcast-list">
          {broadcasts.map((broadcast) => (
            <li key={broadcast.id}>
              <Link
                to={`/admin/broadcasts/${broadcast.id}`}
                className="flex flex-col gap-1 p-4 hover:bg-muted sm:flex-row sm:items-center sm:justify-between"
              >
                <span className="min-w-0 font-medium break-words">{broadcast.subject}</span>
                <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <StatusBadge status={broadcast.status} />
                  <span>{broadcast.audience_group_label ?? broadcast.audience_list}</span>
                  {broadcast.published_at && <span>published</span>}
                  <span>
                    {broadcast.scheduled_at && broadcast.status === "scheduled" ? "for " : ""}
                    <AdminTime
                      iso={broadcast.scheduled_at ?? broadcast.frozen_at ?? broadcast.updated_at}
                    />
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
