import { Form, Link } from "react-router";
import type { Route } from "./+types/admin.people";
import { AdminTime } from "~/components/admin/admin-time";
import { adminMeta } from "~/components/admin/admin-meta";
import { ExportLink } from "~/components/admin/export-link";
import { Pagination } from "~/components/admin/pagination";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { fieldClassName, Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { requireAdminPage } from "~/.server/admin/admin-request";
import { peopleFilterFromQuery } from "~/.server/admin/people-query";
import { listPeople, peoplePageSize } from "~/.server/audience/people-directory";
import { membershipFilters } from "~/lib/audience-filters";
import { cn } from "~/lib/class-names";
import { newsletterInterests } from "~/lib/newsletter-interests";

export const meta = () => adminMeta("People");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const query = new URL(request.url).searchParams;
  const { filter, sources } = await peopleFilterFromQuery(context.db, query);
  const { people, total } = await listPeople(context.db, filter);
  return {
    filter,
    sources,
    people,
    total,
    pageSize: peoplePageSize,
    erased: query.has("erased"),
    search: query.toString(),
  };
}

const selectClass = cn(fieldClassName, "h-10");

export default function AdminPeople({ loaderData }: Route.ComponentProps) {
  const { filter, sources, people, total, pageSize, erased, search } = loaderData;
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-semibold">People</h1>
      {erased && (
        <p role="status" className="rounded-md border bg-card p-3 text-sm">
          The person was erased. Their orders are kept with the personal fields blanked.
        </p>
      )}
      <Form
        method="get"
        className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <div className="space-y-2 sm:col-span-2 lg:col-span-3">
          <Label htmlFor="q">Name or email</Label>
          <Input id="q" name="q" type="search" defaultValue={filter.search ?? ""} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="list">List</Label>
          <select
            id="list"
            name="list"
            defaultValue={filter.membership ?? ""}
            className={selectClass}
          >
            <option value="">Anyone</option>
            {membershipFilters.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-2">
          <Label htmlFor="interest">Interest</Label>
          <select
            id="interest"
            name="interest"
            defaultValue={filter.interest ?? ""}
            className={selectClass}
          >
            <option value="">Any interest</option>
            {newsletterInterests.map((interest) => (
              <option key={interest.key} value={interest.key}>
                {interest.label}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-2">
          <Label htmlFor="source">Source</Label>
          <select
            id="source"
            name="source"
            defaultValue={filter.source ?? ""}
            className={selectClass}
          >
            <option value="">Any page</option>
            {sources.map((source) => (
              <option key={source} value={source}>
                {source}
              </option>
            ))}
          </select>
        </div>
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
      {people.length === 0 ? (
        <p className="rounded-lg border bg-card p-6 text-muted-foreground">Nobody matches.</p>
      ) : (
        <ul className="divide-y rounded-lg border bg-card" data-testid="people-list">
          {people.map((person) => {
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
                      <Badge variant="secondary">newsletter: {person.newsletter}</Badge>
                    )}
                    {person.waitlist && (
                      <Badge variant="outline">waitlist: {person.waitlist}</Badge>
                    )}
                    <span>
                      {person.source} · last seen <AdminTime iso={person.last_seen_at} />
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
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
        search={new URLSearchParams(search)}
      />
    </div>
  );
}
