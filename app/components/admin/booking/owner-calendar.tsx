import { Link } from "react-router";
import { cn } from "~/lib/class-names";

/** One of the owner's dates as the calendar draws it. */
export type CalendarDay = {
  date: string;
  label: string;
  past: boolean;
  hours: string[];
  sessions: { id: string; time: string; name: string; status: string }[];
};

/**
 * The coming weeks, drawn on the server: seven columns from a tablet up, two on a phone. Each day shows its open hours and the sessions on it.
 */
export function OwnerCalendar({ weeks, timeZone }: { weeks: CalendarDay[][]; timeZone: string }) {
  return (
    <div className="space-y-4" data-testid="owner-calendar">
      {weeks.map((days) => (
        <section key={days[0]!.date} aria-label={`Week of ${days[0]!.label}`}>
          <h3 className="mb-2 text-sm font-semibold text-muted-foreground">
            Week of {days[0]!.label}
          </h3>
          <ol className="grid grid-cols-2 gap-2 md:grid-cols-7">
            {days.map((day) => (
              <li
                key={day.date}
                data-date={day.date}
                className={cn(
                  "min-w-0 rounded-md border bg-card p-2 text-sm",
                  day.past && "border-dashed",
                )}
              >
                <p className="font-medium">{day.label}</p>
                <p className="text-xs text-muted-foreground">
                  {day.hours.length ? day.hours.join(", ") : "Closed"}
                </p>
                {day.sessions.length > 0 && (
                  <ul className="mt-1 space-y-1">
                    {day.sessions.map((session) => (
                      <li key={session.id}>
                        <Link
                          to={`/admin/booking/${session.id}`}
                          className="block rounded bg-muted px-1.5 py-0.5 text-xs break-words underline-offset-4 hover:underline"
                        >
                          {session.time} {session.name}
                          {session.status === "held" ? " (unconfirmed)" : ""}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        </section>
      ))}
      <p className="text-xs text-muted-foreground">Times in {timeZone.replace(/_/g, " ")}.</p>
    </div>
  );
}
