import { Link, useLocation, useRouteLoaderData } from "react-router";
import { Logo } from "~/components/layout/logo";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/class-names";
import { AdminForm } from "./admin-form";
import type { AdminLayoutData, PausedBroadcastNotice } from "./admin-session";
import { AdminTime } from "./admin-time";
import { consoleSections } from "./console-sections";

/** A section of the console, marked as the current page where it is. */
function SectionLink({ to, children }: { to: string; children: React.ReactNode }) {
  const { pathname } = useLocation();
  const current = to === "/admin" ? pathname === to : pathname.startsWith(to);
  return (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={cn(
        "inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors",
        current ? "bg-primary text-primary-foreground" : "text-foreground hover:bg-muted",
      )}
    >
      {children}
    </Link>
  );
}

function Count({ value, label }: { value: number; label: string }) {
  if (value === 0) return null;
  return (
    <span className="rounded-full bg-gold px-2 text-xs font-semibold text-gold-foreground">
      {value}
      <span className="sr-only"> {label}</span>
    </span>
  );
}

const pauseWords: Record<PausedBroadcastNotice["cause"], string> = {
  block: "the provider blocked it; resume it once the cause is fixed",
  burst: "too many refusals; look at the list, then resume it",
  temporary: "the provider refuses for now; it resumes by itself once a probe send is accepted",
  complaints: "too many readers marked it as spam; look at it, then resume or cancel it",
};

/** Says on every console page, while it lasts, that a broadcast is paused, with its link. */
function PausedBroadcasts({ paused }: { paused: PausedBroadcastNotice[] }) {
  if (paused.length === 0) return null;
  return (
    // A landmark of its own, not a live region: pages announce their own outcomes as "status".
    <aside
      aria-label="Paused broadcasts"
      className="border-b border-destructive bg-destructive/10"
      data-testid="paused-broadcasts-notice"
    >
      <ul className="container-page space-y-1 py-2 text-sm">
        {paused.map((broadcast) => (
          <li key={broadcast.id} className="break-words">
            <span className="font-semibold">Broadcast paused</span>
            {broadcast.pausedAt && (
              <>
                {" "}
                since <AdminTime iso={broadcast.pausedAt} />
              </>
            )}
            :{" "}
            <Link to={`/admin/broadcasts/${broadcast.id}`} className="underline underline-offset-4">
              {broadcast.subject}
            </Link>{" "}
            ({broadcast.refusalCode ? `${broadcast.refusalCode}, ` : ""}
            {pauseWords[broadcast.cause]}).
          </li>
        ))}
      </ul>
    </aside>
  );
}

/**
 * The console's frame: brand, sections with what waits in them, who is signed in. An error page
 * after a refused form has no layout data (React Router skips the loaders): the frame still
 * shows, without the counts and the sign-out button.
 */
export function AdminShell({ children }: { children: React.ReactNode }) {
  const session = useRouteLoaderData<AdminLayoutData>("routes/admin");
  const { newMessages = 0, failedEmails = 0, pausedBroadcasts = [] } = session ?? {};
  const waiting: Partial<Record<string, { count: number; label: string }>> = {
    "/admin/inbox": { count: newMessages, label: "new" },
    "/admin/email": { count: failedEmails, label: "failed" },
  };
  return (
    <div className="min-h-dvh bg-background">
      <div className="border-b border-border bg-card">
        <div className="container-page flex flex-wrap items-center justify-between gap-3 py-3">
          <a href="/admin" className="rounded-md">
            <Logo />
          </a>
          {session && (
            <div className="flex items-center gap-3 text-sm text-muted-foreground">
              <span className="hidden sm:inline" data-testid="admin-email">
                {session.email}
              </span>
              <AdminForm action="/admin/sign-out" reloadDocument>
                <Button type="submit" variant="outline" size="sm">
                  Sign out
                </Button>
              </AdminForm>
            </div>
          )}
        </div>
        {/* Wrapped, not scrolled: on a phone every section stays in sight. */}
        <nav aria-label="Console" className="container-page -mt-1 pb-2">
          <ul className="flex flex-wrap gap-1">
            {consoleSections.map(({ to, label }) => (
              <li key={to}>
                <SectionLink to={to}>
                  {label}
                  {waiting[to] && (
                    <>
                      {" "}
                      <Count value={waiting[to].count} label={waiting[to].label} />
                    </>
                  )}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <PausedBroadcasts paused={pausedBroadcasts} />
      <div className="container-page py-6 sm:py-8">{children}</div>
    </div>
  );
}
