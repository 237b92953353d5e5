import { data, Link } from "react-router";
import type { Route } from "./+types/admin.booking";
import { AdminForm } from "~/components/admin/admin-form";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTime } from "~/components/admin/admin-time";
import { AvailabilityFields } from "~/components/admin/booking/availability-fields";
import { OwnerCalendar } from "~/components/admin/booking/owner-calendar";
import { SessionList } from "~/components/admin/booking/session-list";
import { Button } from "~/components/ui/button";
import { requireAdminAction, requireAdminPage } from "~/.server/admin";
import { bookingConsole, saveAvailability } from "~/.server/booking";
import { readFormBody } from "~/.server/http/request-body";

export const meta = () => adminMeta("Booking");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return bookingConsole(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const session = await requireAdminAction(request, context, formData);
  const outcome = await saveAvailability(context, { form: formData, actor: session.email });
  if (outcome.outcome === "invalid") {
    // The owner's own text comes back into the fields, with what is wrong beside each.
    const submitted = Object.fromEntries([...formData].filter(([name]) => name !== "csrf"));
    return data(
      { saved: false as const, error: outcome.error, fieldErrors: outcome.fieldErrors, submitted },
      400,
    );
  }
  return { saved: true as const };
}

export default function AdminBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, calendar, sessions, awaiting } = loaderData;
  const failed = actionData?.saved === false ? actionData : undefined;
  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-semibold">Booking</h1>
      <p className="text-sm">
        <Link to="/admin/booking/calendar" className="underline underline-offset-4">
          Your calendar
        </Link>
        : your sessions in your calendar app, and your busy times kept off the booking page.
      </p>
      {awaiting.length > 0 && (
        <section
          aria-labelledby="awaiting"
          className="space-y-2 rounded-lg border-2 border-gold bg-card p-4"
          data-testid="awaiting-session"
        >
          <h2 id="awaiting" className="text-lg font-semibold">
            Paid, not booked yet
          </h2>
          <ul className="space-y-1 text-sm">
            {awaiting.map((order) => {
              const name = [order.first_name, order.last_name].filter(Boolean).join(" ");
              return (
                <li key={order.id} className="break-words">
                  {order.person_id ? (
                    <Link
                      to={`/admin/people/${order.person_id}`}
                      className="underline underline-offset-4"
                    >
                      {name || order.email}
                    </Link>
                  ) : (
                    name || order.email
                  )}{" "}
                  · paid {order.paid_at ? <AdminTime iso={order.paid_at} /> : "(no date)"}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <section aria-labelledby="coming-weeks" className="space-y-3">
        <h2 id="coming-weeks" className="text-lg font-semibold">
          Coming weeks
        </h2>
        <OwnerCalendar weeks={calendar.weeks} timeZone={calendar.timeZone} />
      </section>
      <section aria-labelledby="upcoming" className="space-y-3">
        <h2 id="upcoming" className="text-lg font-semibold">
          Upcoming sessions
        </h2>
        <SessionList
          sessions={sessions.upcoming}
          emptyText="Nothing booked yet."
          testId="upcoming-sessions"
        />
      </section>
      <section aria-labelledby="past" className="space-y-3">
        <h2 id="past" className="text-lg font-semibold">
          Past and cancelled sessions
        </h2>
        <SessionList sessions={sessions.past} emptyText="None yet." testId="past-sessions" />
      </section>
      <section aria-labelledby="availability" className="space-y-4">
        <h2 id="availability" className="text-lg font-semibold">
          Availability
        </h2>
        <p className="text-sm text-muted-foreground">
          Hours are in {settings.timeZone.replace(/_/g, " ")} (the BOOKING_TIME_ZONE setting);
          visitors see them in their own zone.
        </p>
        {actionData && (
          <p
            role={failed ? "alert" : "status"}
            className="rounded-md border bg-card p-3 text-sm"
            data-testid="availability-result"
          >
            {failed ? failed.error : "Saved: the booking page offers these hours now."}
          </p>
        )}
        <AdminForm className="space-y-6" data-testid="availability-form">
          <AvailabilityFields
            // A refused form shows what was typed; a saved one, what is stored now.
            key={failed ? "submitted" : JSON.stringify(settings.values)}
            values={failed?.submitted ?? settings.values}
            errors={failed?.fieldErrors ?? {}}
          />
          <Button type="submit">Save availability</Button>
        </AdminForm>
      </section>
    </div>
  );
}
