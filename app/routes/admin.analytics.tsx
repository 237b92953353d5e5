import { data, Form, Link } from "react-router";
import type { Route } from "./+types/admin.analytics";
import { adminMeta } from "~/components/admin/admin-meta";
import { PageViewsChart } from "~/components/admin/page-views-chart";
import { AdminForm } from "~/components/admin/admin-form";
import { ReportTable, type ReportColumn } from "~/components/admin/report-table";
import { Button } from "~/components/ui/button";
import { requireAdminAction, requireAdminPage } from "~/.server/admin";
import {
  dayRangeFromQuery,
  previousRange,
  rangeReport,
  readAnalyticsSettings,
  saveAnalyticsSettings,
  visitorsNow,
  type ReportTable as ReportTableName,
} from "~/.server/analytics";
import { readFormBody } from "~/.server/http/request-body";
import { ConsoleNotice } from "~/components/admin/console-message";

export const meta = () => adminMeta("Analytics");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const now = context.clock.now();
  const url = new URL(request.url);
  const zone = context.config.OWNER_TIME_ZONE;
  const range = dayRangeFromQuery(url.searchParams, now, zone);
  const { db } = context;
  const [report, previous, live, settings] = await Promise.all([
    rangeReport(db, range, zone),
    rangeReport(db, previousRange(range), zone),
    visitorsNow(db, now),
    readAnalyticsSettings(db),
  ]);
  return {
    range,
    zone,
    report,
    previous: previous.summary,
    live,
    settings,
    deleted: url.searchParams.get("deleted") === "1",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const session = await requireAdminAction(request, context, formData);
  const outcome = await saveAnalyticsSettings(context, {
    retentionDays: formData.get("retentionDays"),
    excludedPaths: formData.get("excludedPaths") ?? "",
    actor: session.email,
  });
  if (outcome.outcome === "invalid") return data({ error: outcome.error }, 400);
  return { saved: true as const };
}

const money = (cents: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

function Change({ now, before }: { now: number; before: number }) {
  if (before === 0)
    return (
      <span className="block text-sm whitespace-nowrap text-muted-foreground">(previous: 0)</span>
    );
  const percent = Math.round(((now - before) / before) * 100);
  return (
    <span className="block text-sm whitespace-nowrap text-muted-foreground tabular-nums">
      ({percent >= 0 ? "+" : ""}
      {percent}% on {before})
    </span>
  );
}

const visitColumns = (label: string) => [
  { key: "key", label },
  { key: "views", label: "Page views" },
  { key: "visitors", label: "Visitors" },
];
const conversionColumns = (label: string) => [
  { key: "key", label },
  { key: "visits", label: "Visits" },
  { key: "conversions", label: "People" },
  { key: "conversionRatePercent", label: "People per 100 visits" },
  { key: "revenueCents", label: "Revenue", format: money },
];

/** Every table of the page, in the order shown; each is also a CSV download. */
const tables: { table: ReportTableName; title: string; columns: ReportColumn[]; wide?: true }[] = [
  {
    table: "sources",
    title: "Sources",
    wide: true,
    columns: [
      { key: "key", label: "Source" },
      { key: "visits", label: "Visits" },
      { key: "leads", label: "Leads" },
      { key: "subscribers", label: "Subscribers" },
      { key: "buyers", label: "Buyers" },
      { key: "bookings", label: "Bookings" },
      { key: "wonDeals", label: "Won deals" },
      { key: "conversionRatePercent", label: "People per 100 visits" },
      { key: "revenueCents", label: "Revenue (orders and deals)", format: money },
      { key: "dealRevenueCents", label: "Of it, won deals", format: money },
    ],
  },
  {
    table: "funnel",
    title: "Funnel",
    columns: [
      { key: "step", label: "Step" },
      { key: "count", label: "People" },
      { key: "percentOfStepBefore", label: "% of the step before" },
    ],
  },
  {
    table: "conversions-by-referrer",
    title: "Conversions by referrer",
    columns: conversionColumns("Referrer"),
  },
  {
    table: "conversions-by-campaign",
    title: "Conversions by campaign",
    columns: conversionColumns("Campaign"),
  },
  {
    table: "conversions-by-landing-page",
    title: "Conversions by landing page",
    columns: conversionColumns("Landing page"),
  },
  { table: "pages", title: "Top pages", columns: visitColumns("Page") },
  {
    table: "entry-pages",
    title: "Entry pages",
    columns: [
      { key: "key", label: "Entry page" },
      { key: "visits", label: "Visits" },
      { key: "visitors", label: "Visitors" },
    ],
  },
  { table: "referrers", title: "Referrers", columns: visitColumns("Referrer") },
  { table: "campaigns", title: "Campaigns", columns: visitColumns("Campaign") },
  {
    table: "devices",
    title: "Devices",
    columns: [
      { key: "key", label: "Screen" },
      { key: "visits", label: "Visits" },
      { key: "visitors", label: "Visitors" },
    ],
  },
];

export default function AdminAnalytics({ loaderData, actionData }: Route.ComponentProps) {
  const { range, zone, report, previous, live, settings, deleted } = loaderData;
  const { summary } = report;
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
      {deleted && <ConsoleNotice>All analytics data was deleted.</ConsoleNotice>}
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
              <span className="whitespace-nowrap tabular-nums">{figure.now}</span>{" "}
              <Change now={figure.now} before={figure.before} />
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground" data-testid="counting-caption">
        Days run from midnight to midnight in {zone}. A visitor is counted once per day (no cookie:
        each day makes a new, unlinkable hash), so visitors over several days are summed. A visit is
        a visitor&apos;s run of page views without 30 minutes of quiet; one going on past midnight
        counts once, on the day it began, with its source. A source is the visit&apos;s utm_source,
        else its referrer&apos;s domain, else (direct). Leads, subscribers, buyers and bookings
        count people, each once per range (a signup and its confirmation are one subscriber); a rate
        is those people per 100 of the range&apos;s visits from the same source, and goes above 100
        when people came on visits before the range. Each funnel step counts its own people and says
        what share they are of the step before&apos;s; a step can hold more (a checkout started
        before the range, paid in it).
      </p>
      <PageViewsChart days={report.days} zone={zone} />
      <div className="grid gap-4 lg:grid-cols-2">
        {tables.map(({ table, title, columns, wide }) => (
          <ReportTable
            key={table}
            wide={wide}
            title={title}
            csvHref={`/admin/analytics/export/${table}?${search}`}
            rows={report.tables[table]}
            columns={columns}
          />
        ))}
      </div>
      <section
        aria-labelledby="analytics-settings"
        className="space-y-3 rounded-md border bg-card p-4"
      >
        <h2 id="analytics-settings" className="text-lg font-semibold">
          Settings
        </h2>
        <AdminForm className="space-y-3">
          <label className="flex flex-col gap-1 text-sm">
            Keep raw events for (days)
            <input
              type="number"
              name="retentionDays"
              min={1}
              max={3650}
              required
              defaultValue={settings.retentionDays}
              className="w-32 rounded-md border bg-background px-2 py-1"
            />
          </label>
          <p className="text-sm text-muted-foreground">
            Older events are deleted; their daily totals stay, so past figures do not change.
          </p>
          <label className="flex flex-col gap-1 text-sm">
            Paths not counted (one a line, e.g. /drafts)
            <textarea
              name="excludedPaths"
              rows={3}
              defaultValue={settings.excludedPaths.join("\n")}
              className="max-w-md rounded-md border bg-background px-2 py-1 font-mono"
            />
          </label>
          {actionData && (
            <p role={"error" in actionData ? "alert" : "status"} className="text-sm">
              {"error" in actionData
                ? actionData.error
                : "Saved. Every instance applies it within 30 seconds."}
            </p>
          )}
          <Button type="submit" variant="outline">
            Save settings
          </Button>
        </AdminForm>
        <p className="text-sm">
          <Link
            to="/admin/analytics/delete"
            className="text-destructive underline underline-offset-4"
          >
            Delete all analytics data
          </Link>
        </p>
      </section>
    </div>
  );
}
