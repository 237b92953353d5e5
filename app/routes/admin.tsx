import { Outlet } from "react-router";
import type { Route } from "./+types/admin";
import { AdminError } from "~/components/admin/admin-error";
import { AdminShell } from "~/components/admin/admin-shell";
import type { AdminLayoutData } from "~/components/admin/admin-session";
import type { RouteHandle } from "~/root";
import { needsAttention, requireAdminPage } from "~/.server/admin";
import { pausedBroadcastNotices } from "~/.server/broadcasts";

export const handle: RouteHandle = { chrome: "bare" };

/**
 * The gate of every console page: no live session, no page (a redirect to sign-in). Loaders run
 * in parallel and a data request may name one route alone, so every admin loader checks too
 * (tests/admin-route-guards.test.ts holds each route module to it).
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<AdminLayoutData> {
  const session = await requireAdminPage(request, context);
  const [attention, pausedBroadcasts] = await Promise.all([
    needsAttention(context.db),
    pausedBroadcastNotices(context.db),
  ]);
  return { email: session.email, csrfToken: session.csrfToken, ...attention, pausedBroadcasts };
}

export default function AdminLayout() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}

/**
 * Every error inside /admin (a refused form, a missing record, a failure) is shown in the
 * console's frame with a way back, not on the public error page.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminShell>
      <AdminError error={error} />
    </AdminShell>
  );
}
