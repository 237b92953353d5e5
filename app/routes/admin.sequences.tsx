import { Link } from "react-router";
import type { Route } from "./+types/admin.sequences";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTime } from "~/components/admin/admin-time";
import { StatusBadge } from "~/components/admin/status-badge";
import { buttonVariants } from "~/components/ui/button";
import { requireAdminPage } from "~/.server/admin";
import { listSequences } from "~/.server/sequences";
import { sequenceTriggers } from "~/lib/sequence-schema";

export const meta = () => adminMeta("Sequences");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return { sequences: await listSequences(context.db) };
}

const triggerLabel = (key: string) =>
  sequenceTriggers.find((trigger) => trigger.key === key)?.label ?? key;

export default function AdminSequences({ loaderData: { sequences } }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-semibold">Sequences</h1>
        <Link to="/admin/sequences/new" className={buttonVariants()}>
          New sequence
        </Link>
      </div>
      {sequences.length === 0 ? (
        <p className="rounded-lg border bg-card p-6 text-muted-foreground">
          No sequence yet. A sequence greets a new subscriber, a buyer or a booker with a few
          emails, each in the reader’s morning.
        </p>
      ) : (
        <ul className="divide-y rounded-lg border bg-card" data-testid="sequence-list">
          {sequences.map((sequence) => (
            <li key={sequence.id}>
              <Link
                to={`/admin/sequences/${sequence.id}`}
                className="flex flex-col gap-1 p-4 hover:bg-muted sm:flex-row sm:items-center sm:justify-between"
              >
                <span className="min-w-0 font-medium break-words">{sequence.name}</span>
                <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <StatusBadge status={sequence.status} />
                  <span>{triggerLabel(sequence.trigger)}</span>
                  <span>
                    {sequence.readers} {sequence.readers === 1 ? "reader" : "readers"} in it
                  </span>
                  <span>
                    changed <AdminTime iso={sequence.updated_at} />
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
