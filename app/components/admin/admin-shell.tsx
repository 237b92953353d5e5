import { Link, useLocation, useRouteLoaderData } from "react-router";
import { Logo } from "~/components/layout/logo";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/class-names";
import { AdminForm } from "./admin-form";
import type { AdminLayoutData } from "./admin-session";

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

/**
 * The console's frame: brand, sections with what waits in them, who is signed in. An error page
 * after a refused form has no layout data (React Router skips the loaders): the frame still
 * shows, without the counts and the sign-out button.
 */
export function AdminShell({ children }: { children: React.ReactNode }) {
  const session = useRouteLoaderData<AdminLayoutData>("routes/admin");
  const { newMessages = 0, failedEmails = 0 } = session ?? {};
  const sections = [
    { to: "/admin", label: "Dashboard" },
    { to: "/admin/people", label: "People" },
    { to: "/admin/inbox", label: "Inbox", waiting: { count: newMessages, label: "new" } },
    { to: "/admin/orders", label: "Orders" },
    { to: "/admin/booking", label: "Booking" },
    { to: "/admin/analytics", label: "Analytics" },
    { to: "/admin/broadcasts", label: "Broadcasts" },
    { to: "/admin/email", label: "Email", waiting: { count: failedEmails, label: "failed" } },
    { to: "/admin/security", label: "Security" },
  ];
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
            {sections.map(({ to, label, waiting }) => (
              <li key={to}>
                <SectionLink to={to}>
                  {label}
                  {waiting && (
                    <>
                      {" "}
                      <Count value={waiting.count} label={waiting.label} />
                    </>
                  )}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container-page py-6 sm:py-8">{children}</div>
    </div>
  );
}
