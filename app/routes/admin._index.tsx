import { Link } from "react-router";
import { type ListStanding, leadTotals, leadsPerDay, requireAdminPage } from "~/.server/admin";
import type { Route } from "./+types/admin._index";
import { adminMeta } from "~/components/admin/admin-meta";
import { useAdminSession } from "~/components/admin/admin-session";
import { LeadsChart } from "~/components/admin/leads-chart";
import { StatCard } from "~/components/admin/stat-card";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { nextSessions, ordersAwaitingSession } from "~/.server/booking";
import { SessionList } from "~/components/admin/booking/session-list";
import { formatPrice } from "~/lib/catalog";

export const meta = () => adminMeta("Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const [days, totals, sessions, awaiting] = await Promise.all([
    leadsPerDay(context.db, context.clock.now(), context.config.OWNER_TIME_ZONE),
    leadTotals(context.db, context.clock.now(), context.config.OWNER_TIME_ZONE),
    nextSessions(context),
    ordersAwaitingSession(context.db),
  ]);
  return { days, totals, sessions, unbookedSessions: awaiting.length };
}

/** "12 of 20 signups subscribed · this week +3 new, -1 left (last week +1, -0): up on last week" */
function standingDetail({ signups, subscribed, week, lastWeek }: ListStanding) {
  if (signups === 0) return "no signups yet";
  const net = week.new - week.lost;
  const lastNet = lastWeek.new - lastWeek.lost;
  const trend =
    net > lastNet ? "up on last week" : net < lastNet ? "down on last week" : "as last week";
  return `${subscribed} of ${signups} signups subscribed · this week +${week.new} new, -${week.lost} left (last week +${lastWeek.new}, -${lastWeek.lost}): ${trend}`;
}

export default function AdminDashboard({
  loaderData: { days, totals, sessions, unbookedSessions },
}: Route.ComponentProps) {
  const { newMessages, failedEmails, uncertainEmails } = useAdminSession();
  const lastThirty = days.reduce(
    (sum, day) => sum + day.messages + day.subscribers + day.waitlist + day.orders,
    0,
  );
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-semibold">Dashboard</h1>
      <section aria-labelledby="attention" className="space-y-3">
        <h2 id="attention" className="text-lg font-semibold">
          Needs attention
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="attention">
          <li>
            <Link
              to="/admin/inbox?status=new"
              className="block rounded-lg border bg-card p-4 hover:bg-muted"
            >
              <span className="font-serif text-2xl font-semibold text-primary">{newMessages}</span>{" "}
              new {newMessages === 1 ? "message" : "messages"}
            </Link>
          </li>
          <li>
            <Link to="/admin/email" className="block rounded-lg border bg-card p-4 hover:bg-muted">
              <span className="font-serif text-2xl font-semibold text-primary">{failedEmails}</span>{" "}
              failed {failedEmails === 1 ? "email" : "emails"}
            </Link>
          </li>
          {uncertainEmails > 0 && (
            <li>
              <Link
                to="/admin/email#uncertain"
                className="block rounded-lg border bg-card p-4 hover:bg-muted"
                data-testid="uncertain-emails-count"
              >
                <span className="font-serif text-2xl font-semibold text-primary">
                  {uncertainEmails}
                </span>{" "}
                may not have gone out
              </Link>
            </li>
          )}
          <li>
            <Link
              to="/admin/booking"
              className="block rounded-lg border bg-card p-4 hover:bg-muted"
              data-testid="unbooked-sessions"
            >
              <span className="font-serif text-2xl font-semibold text-primary">
                {unbookedSessions}
              </span>{" "}
              paid {unbookedSessions === 1 ? "session" : "sessions"} not booked
            </Link>
          </li>
        </ul>
      </section>
      <section aria-labelledby="next-sessions" className="space-y-3">
        <h2 id="next-sessions" className="text-lg font-semibold">
          Next sessions
        </h2>
        <SessionList sessions={sessions} emptyText="Nothing booked." testId="next-sessions" />
      </section>
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">New leads per day, last 30 days</h2>
          <p className="text-sm text-muted-foreground">{lastThirty} in all</p>
        </CardHeader>
        <CardContent>
          <LeadsChart days={days} />
        </CardContent>
      </Card>
      <section aria-labelledby="totals" className="space-y-3">
        <h2 id="totals" className="text-lg font-semibold">
          All time
        </h2>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="totals">
          <StatCard label="Contact messages" value={totals.messages} />
          <StatCard
            label="Newsletter subscribers"
            value={totals.subscribers.subscribed}
            detail={standingDetail(totals.subscribers)}
          />
          <StatCard
            label="Waitlist"
            value={totals.waitlist.subscribed}
            detail={standingDetail(totals.waitlist)}
          />
          <StatCard
            label="Paid orders"
            value={totals.orders.paid}
            detail={`${formatPrice(totals.orders.revenueCents / 100)} revenue`}
          />
        </div>
      </section>
    </div>
  );
}
