import { Link } from "react-router";
import { requireAdminPage } from "~/.server/admin/admin-request";
import type { Route } from "./+types/admin._index";
import { adminMeta } from "~/components/admin/admin-meta";
import { useAdminSession } from "~/components/admin/admin-session";
import { LeadsChart } from "~/components/admin/leads-chart";
import { StatCard } from "~/components/admin/stat-card";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { leadsPerDay, leadTotals } from "~/.server/admin/dashboard";
import { formatPrice } from "~/lib/catalog";

export const meta = () => adminMeta("Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const [days, totals] = await Promise.all([
    leadsPerDay(context.db, context.clock.now()),
    leadTotals(context.db),
  ]);
  return { days, totals };
}

const share = (part: number, whole: number) =>
  whole === 0 ? "none yet" : `${part} of ${whole} confirmed (${Math.round((part / whole) * 100)}%)`;

export default function AdminDashboard({ loaderData: { days, totals } }: Route.ComponentProps) {
  const { newMessages, failedEmails } = useAdminSession();
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
        </ul>
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
            value={totals.subscribers.confirmed}
            detail={share(totals.subscribers.confirmed, totals.subscribers.signups)}
          />
          <StatCard
            label="Waitlist"
            value={totals.waitlist.confirmed}
            detail={share(totals.waitlist.confirmed, totals.waitlist.signups)}
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
