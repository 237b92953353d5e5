import { Link } from "react-router";
import type { Route } from "./+types/admin.workshops";
import { adminMeta } from "~/components/admin/admin-meta";
import { buttonVariants } from "~/components/ui/button";
import { requireAdminPage } from "~/.server/admin";
import { datesLabel, listEventsForOwner } from "~/.server/workshops";

export const meta = () => adminMeta("Workshops and events");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const events = await listEventsForOwner(context.db);
  return {
    events: events.map((event) => ({
      id: event.id,
      kind: event.kind,
      title: event.title,
      location: event.location,
      when: datesLabel(event.start_date, event.end_date),
      seats: event.seats,
      held: event.held,
      sold: event.sold,
    })),
  };
}

export default function AdminWorkshops({ loaderData: { events } }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-semibold">Workshops and events</h1>
        <Link to="/admin/workshops/new" className={buttonVariants()}>
          Add an event
        </Link>
      </div>
      <p className="text-sm text-muted-foreground">
        Every date here shows on the contact page; a workshop with seats also takes registrations on
        the Foundations page.
      </p>
      {events.length === 0 ? (
        <p className="rounded-lg border bg-card p-6 text-muted-foreground">No event yet.</p>
      ) : (
        <ul className="divide-y rounded-lg border bg-card" data-testid="event-list">
          {events.map((event) => (
            <li key={event.id}>
              <Link
                to={`/admin/workshops/${event.id}`}
                className="flex flex-col gap-1 p-4 hover:bg-muted sm:flex-row sm:items-center sm:justify-between"
              >
                <span className="min-w-0 font-medium break-words">{event.title}</span>
                <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <span>{event.kind}</span>
                  <span>{event.when}</span>
                  <span>{event.location}</span>
                  {event.seats !== null && (
                    <span data-testid="seat-counts">
                      {`${event.sold} sold, ${event.held} held, ${event.seats - event.sold - event.held} free of ${event.seats}`}
                    </span>
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
