import { Form, Link } from "react-router";
import type { Route } from "./+types/admin.people";
import { AdminTime } from "~/components/admin/admin-time";
import { adminMeta } from "~/components/admin/admin-meta";
import { ExportLink } from "~/components/admin/export-link";
import { FilterSelect } from "~/components/admin/filter-select";
import { Pagination } from "~/components/admin/pagination";
import { ResultList } from "~/components/admin/result-list";
import { StatusBadge } from "~/components/admin/status-badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { peopleFilterFromQuery, requireAdminPage } from "~/.server/admin";
import { listPeople, peoplePageSize } from "~/.server/audience";
import { membershipFilters } from "~/lib/audience-filters";
import { newsletterInterests } from "~/lib/newsletter-interests";
import { ConsoleNotice } from "~/components/admin/console-message";

export const meta = () => adminMeta("People");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const query = new URL(request.url).searchParams;
  const { filter, sources } = await peopleFilterFromQuery(context.db, query);
  const { people, total, totalIsLowerBound } = await listPeople(context.db, filter);
  return {
    filter,
    sources,
    people,
    total,
    totalIsLowerBound,
    pageSize: peoplePageSize,
    erased: query.has("erased"),
    search: query.toString(),
  };
}

export default function AdminPeople({ loaderData }: Route.ComponentProps) {
  const { filter, sources, people, total, totalIsLowerBound, pageSize, erased, search } =
    loaderData;
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-semibold">People</h1>
      {erased && (
        <ConsoleNotice>
          The person was erased. Their orders are kept with the personal fields blanked.
        </ConsoleNotice>
      )}
      <Form
        method="get"
        className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <div className="space-y-2 sm:col-span-2 lg:col-span-3">
          <Label htmlFor="q">Name or email</Label>
          <Input
            id="q"
            name="q"
            type="search"
            defaultValue={filter.search ?? ""}
            aria-describedby="q-hint"
          />
          <p id="q-hint" className="text-sm text-muted-foreground">
            Three characters or more find them anywhere in a name or address; one or two find names
            and addresses that start with them.
          </p>
        </div>
        <FilterSelect
          name="list"
          label="List"
          anyLabel="Anyone"
          value={filter.membership}
          options={membershipFilters}
        />
        <FilterSelect
          name="interest"
          label="Interest"
          value={filter.interest}
          options={newsletterInterests.map(({ key, label }) => ({ value: key, label }))}
        />
        <FilterSelect
          name="source"
          label="Source"
          anyLabel="Any page"
          value={filter.source}
          options={sources}
        />
        <div className="space-y-2">
          <Label htmlFor="from">First seen from</Label>
          <Input id="from" name="from" type="date" defaultValue={filter.from ?? ""} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="to">First seen until</Label>
          <Input id="to" name="to" type="date" defaultValue={filter.to ?? ""} />
        </div>
        <div className="flex items-end">
          <Button type="submit" variant="outline" className="w-full">
            Filter
          </Button>
        </div>
      </Form>
      <ResultList
        items={people}
        emptyText="Nobody matches."
        testId="people-list"
        renderItem={(person) => {
          const name = [person.first_name, person.last_name].filter(Boolean).join(" ");
          return (
            <li key={person.id}>
              <Link
                to={`/admin/people/${person.id}`}
                className="flex flex-col gap-1 p-4 hover:bg-muted sm:flex-row sm:items-center sm:justify-between"
              >
                <span className="min-w-0">
                  <span className="block font-medium break-words">{name || person.email}</span>
                  {name && (
                    <span className="block text-sm break-words text-muted-foreground">
                      {person.email}
                    </span>
                  )}
                </span>
                <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  {person.newsletter && (
                    <StatusBadge label="newsletter" status={person.newsletter} />
                  )}
                  {person.waitlist && <StatusBadge label="waitlist" status={person.waitlist} />}
                  <span>
                    {person.source} · last seen <AdminTime iso={person.last_seen_at} />
                  </span>
                </span>
              </Link>
            </li>
          );
        }}
      />
      <div className="flex flex-wrap gap-3">
        <ExportLink kind="people" search={search} label="Export these people (CSV)" />
        <Link to="/admin/people/import" className={buttonVariants({ variant: "outline" })}>
          Import people (CSV)
        </Link>
      </div>
      <Pagination
        page={filter.page}
        pageSize={pageSize}
        total={total}
        totalIsLowerBound={totalIsLowerBound}
        search={search}
      />
    </div>
  );
}
