import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";

const statusLabels = {
  held: "unconfirmed",
  confirmed: "confirmed",
  cancelled: "cancelled",
  expired: "expired",
  completed: "done",
  no_show: "no-show",
} as const;

/** A session as the console lists it, its time already written in the owner's zone. */
export type SessionView = {
  id: string;
  title: string;
  minutes: number;
  status: keyof typeof statusLabels;
  when: string;
  name: string;
  personId: string | null;
  orderId: string | null;
  note: string | null;
};

/** A list of sessions: when, what, who (their person page), the order, the status. */
export function SessionList({
  sessions,
  emptyText,
  testId,
}: {
  sessions: SessionView[];
  emptyText: string;
  testId: string;
}) {
  if (sessions.length === 0)
    return (
      <p className="rounded-lg border bg-card p-4 text-sm text-muted-foreground">{emptyText}</p>
    );
  return (
    <ul className="divide-y rounded-lg border bg-card" data-testid={testId}>
      {sessions.map((session) => (
        <li key={session.id} className="space-y-1 p-4 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <Link
              to={`/admin/booking/${session.id}`}
              className="font-medium break-words underline underline-offset-4"
            >
              {session.when}
            </Link>
            <Badge variant={session.status === "confirmed" ? "default" : "outline"}>
              {statusLabels[session.status]}
            </Badge>
          </p>
          <p className="break-words text-muted-foreground">
            {session.title}, {session.minutes} min ·{" "}
            {session.personId ? (
              <Link
                to={`/admin/people/${session.personId}`}
                className="underline underline-offset-4"
              >
                {session.name}
              </Link>
            ) : (
              session.name
            )}
            {session.orderId && <> · order {session.orderId.slice(0, 8)}</>}
          </p>
          {session.note && <p className="break-words">Note: {session.note}</p>}
        </li>
      ))}
    </ul>
  );
}
