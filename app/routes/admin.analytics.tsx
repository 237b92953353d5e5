import { Form } from "react-router";
import type { Route } from "./+types/admin.analytics";
import { adminMeta } from "~/components/admin/admin-meta";
import { PageViewsChart } from "~/components/admin/page-views-chart";
import { Button } from "~/components/ui/button";
import { requireAdminPage } from "~/.server/admin/admin-request";
import {
  dailyPageViews,
  dayRangeFromQuery,
  previousRange,
  rangeSummary,
  reportTable,
  visitorsNow,
} from "~/.server/analytics";

export const meta = () => adminMeta("Analytics");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const now = context.clock.now();
  const range = dayRangeFromQuery(new URL(request.url).searchParams, now);
  const before = previousRange(range);
  const { db } = context;
  const [summary, previous, days, live, pages, referrers, campaigns, devices] = await Promise.all([
    rangeSummary(db, range),
    rangeSummary(db, before),
    dailyPageViews(db, range),
    visitorsNow(db, now),
    reportTable(db, range, "pages"),
    reportTable(db, range, "referrers"),
    reportTable(db, range, "campaigns"),
    reportTable(db, range, "devices"),
  ]);
  const [byReferrer, byCampaign, byLanding] = await Promise.all([
    reportTable(db, range, "conversions-by-referrer"),
    reportTable(db, range, "conversions-by-campaign"),
    reportTable(db, range, "conversions-by-landing-page"),
  ]);
  return {
    range,
    previousRange: before,
    summary,
    previous,
    days,
    live,
    visitTables: { pages, referrers, campaigns, devices },
    conversionTables: { byReferrer, byCampaign, byLanding },
  };
}

const money = (cents: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

function Change({ now, before }: { now: number; before: number }) {
  if (before === 0) return <span className="text-sm text-muted-foreground">(previous: 0)</span>;
  const percent = Math.round(((now - before) / before) * 100);
  return (
    <span className="text-sm text-muted-foreground">
      ({percent >= 0 ? "+" : ""}
      {percent}% on {before})
    </span>
  );
}

type Row = Record<string, string | number>;

function ReportTable({
  title,
  table,
  search,
  rows,
  columns,
}: {
  title: string;
  table: string;
  search: string;
  rows: Row[];
  columns: { key: string; label: string; format?: (value: number) => string }[];
}) {
  return (
    <section className="space-y-2 rounded-md border bg-card p-4" aria-label={title}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        <a
          href={`/admin/analytics/export/${table}?${search}`}
          className="text-sm underline underline-offset-4"
          download
        >
          CSV<span className="sr-only"> of {title}</span>
        </a>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing in this range.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left">
                {columns.map((column) => (
                  <th key={column.key} scope="col" className="py-1 pr-3 font-medium">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={String(row.key)} className="border-t">
                  {columns.map((column) => {
                    const value = row[column.key];
                    return (
                      <td key={column.key} className="py-1 pr-3 break-all">
                        {typeof value === "number" && column.format ? column.format(value) : value}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const visitColumns = (label: string) => [
  { key: "key", label },
  { key: "views", label: "Page views" },
  { key: "visitors", label: "Visitors" },
];
const conversionColumns = (label: string) => [
  { key: "key", label },
  { key: "conversions", label: "Conversions" },
  { key: "revenueCents", label: "Revenue", format: money },
];

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  const { range, summary, previous, days, live, visitTables, conversionTables } = loaderData;
  const search = new URLSearchParams(range).toString();
  const figures = [
    { label: "Visitors", now: summary.visitors, before: previous.visitors },
    { label: "Page views", now: summary.pageViews, before: previous.pageViews },
    { label: "Visits", now: summary.visits, before: previous.visits },
    {
      label: "Mean visit length (s)",
      now: summary.meanVisitSeconds,
      before: previous.meanVisitSeconds,
    },
  ];
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-semibold">Analytics</h1>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm">
          From
          <input
            type="date"
            name="from"
            defaultValue={range.from}
            className="rounded-md border bg-background px-2 py-1"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          To
          <input
            type="date"
            name="to"
            defaultValue={range.to}
            className="rounded-md border bg-background px-2 py-1"
          />
        </label>
        <Button type="submit" variant="outline">
          Show
        </Button>
      </Form>
      <p className="text-sm" data-testid="visitors-now">
        {live} {live === 1 ? "visitor" : "visitors"} in the last 5 minutes
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="analytics-summary">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-md border bg-card p-3">
            <dt className="text-sm text-muted-foreground">{figure.label}</dt>
            <dd className="text-2xl font-semibold">
              {figure.now} <Change now={figure.now} before={figure.before} />
            </dd>
          </div>
        ))}
      </dl>
      <PageViewsChart days={days} />
      <div className="grid gap-4 lg:grid-cols-2">
        <ReportTable
          title="Conversions by referrer"
          table="conversions-by-referrer"
          search={search}
          rows={conversionTables.byReferrer}
          columns={conversionColumns("Referrer")}
        />
        <ReportTable
          title="Conversions by campaign"
          table="conversions-by-campaign"
          search={search}
          rows={conversionTables.byCampaign}
          columns={conversionColumns("Campaign")}
        />
        <ReportTable
          title="Conversions by landing page"
          table="conversions-by-landing-page"
          search={search}
          rows={conversionTables.byLanding}
          columns={conversionColumns("Landing page")}
        />
        <ReportTable
          title="Top pages"
          table="pages"
          search={search}
          rows={visitTables.pages}
          columns={visitColumns("Page")}
        />
        <ReportTable
          title="Referrers"
          table="referrers"
          search={search}
          rows={visitTables.referrers}
          columns={visitColumns("Referrer")}
        />
        <ReportTable
          title="Campaigns"
          table="campaigns"
          search={search}
          rows={visitTables.campaigns}
          columns={visitColumns("Campaign")}
        />
        <ReportTable
          title="Devices"
          table="devices"
          search={search}
          rows={visitTables.devices}
          columns={visitColumns("Screen")}
        />
      </div>
    </div>
  );
}
