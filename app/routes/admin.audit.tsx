import { Form, Link } from "react-router";
import type { Route } from "./+types/admin.audit";
import { AdminTime } from "~/components/admin/admin-time";
import { adminMeta } from "~/components/admin/admin-meta";
import { ExportLink } from "~/components/admin/export-link";
import { FilterSelect } from "~/components/admin/filter-select";
import { Pagination } from "~/components/admin/pagination";
import { ResultList } from "~/components/admin/result-list";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import {
  auditFilterFromQuery,
  auditPageSize,
  listAuditEntries,
  requireAdminPage,
} from "~/.server/admin";

export const meta = () => adminMeta("Audit log");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const query = new URL(request.url).searchParams;
  const { filter, problems } = auditFilterFromQuery(query);
  const page = Math.max(1, Math.floor(Number(query.get("page")) || 1));
  const listing = await listAuditEntries(context.db, { ...filter, page });
  return { filter, problems, page, pageSize: auditPageSize, search: query.toString(), ...listing };
}

/** The console page an entry's subject lives on, while it may still exist. */
function subjectPath(action: string, subject: string) {
  if (action === "person.erase") return undefined;
  if (action.startsWith("person.")) return `/admin/people/${subject}`;
  if (action.startsWith("broadcast.")) return `/admin/broadcasts/${subject}`;
  if (action.startsWith("inbox.")) return `/admin/inbox/${subject}`;
  return undefined;
}

function DateField({
  name,
  label,
  value,
  problem,
}: {
  name: "from" | "to";
  label: string;
  value: string | undefined;
  problem: string | undefined;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={name}>{label}</Label>
      <Input
        id={name}
        name={name}
        type="date"
        defaultValue={value ?? ""}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${name}-problem` : undefined}
      />
      {problem && (
        <p id={`${name}-problem`} className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { filter, problems, entries, total, actions, actors, page, pageSize, search } = loaderData;
  const problemOf = (field: "from" | "to") =>
    problems.find((problem) => problem.field === field)?.message;
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-semibold">Audit log</h1>
      <p className="text-sm text-muted-foreground">
        Who did what in the console, and when. An erasure keeps only how many records it removed.
      </p>
      <Form
        method="get"
        className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1fr_auto] lg:items-start"
      >
        <FilterSelect name="action" label="Action" value={filter.action} options={actions} />
        <FilterSelect
          name="actor"
          label="Actor"
          anyLabel="Anyone"
          value={filter.actor}
          options={actors}
        />
        <DateField name="from" label="From (UTC)" value={filter.from} problem={problemOf("from")} />
        <DateField name="to" label="To (UTC)" value={filter.to} problem={problemOf("to")} />
        <Button type="submit" variant="outline" className="self-end">
          Filter
        </Button>
      </Form>
      <ResultList
        items={entries}
        emptyText="No entries match."
        testId="audit-list"
        renderItem={(entry) => {
          const path = entry.subject ? subjectPath(entry.action, entry.subject) : undefined;
          return (
            <li key={entry.id} className="space-y-1 p-4" data-testid="audit-entry">
              <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <span className="font-mono text-sm font-semibold">{entry.action}</span>
                <span className="text-sm break-all text-muted-foreground">{entry.actor_email}</span>
                <span className="text-sm text-muted-foreground">
                  <AdminTime iso={entry.created_at} />
                </span>
              </p>
              {entry.subject && (
                <p className="text-sm break-all">
                  Subject:{" "}
                  {path ? (
                    <Link to={path} className="underline underline-offset-4">
                      {entry.subject}
                    </Link>
                  ) : (
                    entry.subject
                  )}
                </p>
              )}
              {entry.detail.length > 0 && (
                <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
                  {entry.detail.map(([name, value]) => (
                    <div key={name} className="flex gap-1">
                      <dt>{name}:</dt>
                      <dd className="break-all">{value}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </li>
          );
        }}
      />
      <ExportLink kind="audit" search={search} label="Export these entries (CSV)" />
      <Pagination page={page} pageSize={pageSize} total={total} search={search} />
    </div>
  );
}
