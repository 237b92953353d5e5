import { data } from "react-router";
import type { Route } from "./+types/admin.workshops.$id";
import { AdminForm } from "~/components/admin/admin-form";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTime } from "~/components/admin/admin-time";
import { ColumnHeads } from "~/components/admin/column-heads";
import { ScrollRegion } from "~/components/admin/scroll-region";
import { StatusBadge } from "~/components/admin/status-badge";
import { EventFields } from "~/components/admin/workshops/event-fields";
import { BackLink } from "~/components/page/back-link";
import { Button } from "~/components/ui/button";
import { requireAdminAction, requireAdminPage } from "~/.server/admin";
import { readFormBody } from "~/.server/http/request-body";
import { broadcastsToGroup } from "~/.server/broadcasts";
import {
  cancelCohort,
  cohortConsole,
  cohortGroupKey,
  datesLabel,
  eventFormValues,
  eventsToday,
  loadEvent,
  offerSeatAsOwner,
  saveEvent,
} from "~/.server/workshops";
import { dollars } from "~/lib/workshop-schema";

export const meta = ({ data: loaded }: Route.MetaArgs) => adminMeta(loaded?.event.title ?? "Event");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const event = await loadEvent(context.db, params.id);
  if (!event) throw data({ error: "No such event." }, 404);
  return {
    event: {
      id: event.id,
      title: event.title,
      when: datesLabel(event.start_date, event.end_date),
      seats: event.seats,
      held: event.held,
      sold: event.sold,
      cancelledAt: event.cancelled_at,
      // A cohort can be cancelled until its first day.
      cancellable:
        event.cancelled_at === null && event.start_date > eventsToday(context.clock.now()),
    },
    values: eventFormValues(event),
    ...(event.seats === null
      ? { attendees: [], waitlist: [], letters: [], writeHref: "" }
      : {
          ...(await cohortConsole(context.db, event.id)),
          letters: await broadcastsToGroup(context.db, cohortGroupKey(event.id)),
          writeHref: `/admin/broadcasts/new?group=${encodeURIComponent(cohortGroupKey(event.id))}`,
        }),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const session = await requireAdminAction(request, context, formData);
  const intent = String(formData.get("intent") ?? "save");
  if (intent === "offer") {
    const offered = await offerSeatAsOwner(context, {
      eventId: params.id,
      waitlistId: String(formData.get("waitlistId") ?? ""),
      actor: session.email,
    });
    if (offered.outcome === "offered")
      return { intent, message: "Offer sent: the seat is kept for them." };
    const message =
      offered.outcome === "no-seat"
        ? "No seat is free: add seats first, or wait for one to free up."
        : "That person is no longer waiting.";
    return data({ intent, message, failed: true }, 409);
  }
  if (intent === "cancel-cohort") {
    const { stripe } = context;
    if (!stripe)
      return data({ intent, message: "Payments are not set up here.", failed: true }, 503);
    if (formData.get("confirm") !== "yes")
      return data(
        { intent, message: "Tick the box to confirm the cancellation first.", failed: true },
        400,
      );
    const cancelled = await cancelCohort(
      { ...context, stripe },
      { eventId: params.id, actor: session.email },
    );
    if (cancelled.outcome === "cancelled")
      return {
        intent,
        message: `Cohort cancelled: ${cancelled.attendees} ${cancelled.attendees === 1 ? "attendee was" : "attendees were"} refunded in full and told.`,
      };
    const messages = {
      "not-found": ["That event is gone.", 404],
      "not-a-cohort": ["Only a cohort with seats can be cancelled here.", 400],
      "already-cancelled": ["This cohort is already cancelled.", 409],
      started: ["This cohort has begun: it can no longer be cancelled.", 409],
      "provider-failed": ["Stripe did not complete the refunds: nothing changed. Try again.", 502],
    } as const;
    const [message, status] = messages[cancelled.outcome];
    return data({ intent, message, failed: true }, status);
  }
  if (intent !== "save") return data({ intent, message: "Unknown action.", failed: true }, 400);
  const saved = await saveEvent(context, { id: params.id, fields: formData, actor: session.email });
  if (saved.outcome === "invalid")
    return data({ intent, ...saved, values: Object.fromEntries(formData) }, 400);
  if (saved.outcome === "not-found")
    return data({ intent, message: "That event is gone.", failed: true }, 404);
  return { intent, message: "Saved." };
}

const statusLabels: Record<string, string> = {
  held: "In checkout",
  paid: "Paid",
  expired: "Checkout ended",
  refunded: "Refunded",
  cancelled: "Cancelled",
  waiting: "Waiting",
  offered: "Offer sent",
  accepted: "Took the offer",
  lapsed: "Offer ran out",
  removed: "Removed",
};

export default function AdminEvent({ loaderData, actionData }: Route.ComponentProps) {
  const { event, attendees, waitlist, letters, writeHref } = loaderData;
  const result = actionData as
    | {
        intent: string;
        message?: string;
        failed?: boolean;
        error?: string;
        fieldErrors?: Record<string, string[]>;
        values?: Record<string, string>;
      }
    | undefined;
  const saveFailed = result?.fieldErrors ? result : undefined;
  const positions = new Map(
    waitlist
      .filter((entry) => entry.status === "waiting")
      .map((entry, index) => [entry.id, index + 1]),
  );
  // Offering needs a free seat: with none, the button could only answer "no seat".
  const free = event.seats === null ? 0 : event.seats - event.sold - event.held;
  return (
    <div className="space-y-8">
      <BackLink to="/admin/workshops" label="Workshops and events" className="-ml-3" />
      <div className="space-y-1">
        <h1 className="text-3xl font-semibold break-words">{event.title}</h1>
        <p className="text-muted-foreground">{event.when}</p>
        {event.cancelledAt && (
          <p className="font-medium text-destructive" data-testid="cohort-cancelled">
            Cancelled on <AdminTime iso={event.cancelledAt} />
          </p>
        )}
        {event.seats !== null && !event.cancelledAt && (
          <p data-testid="seat-counts">
            {`${event.sold} sold, ${event.held} held, ${event.seats - event.sold - event.held} free of ${event.seats}`}
          </p>
        )}
      </div>
      {result && (
        <p
          role={result.failed || saveFailed ? "alert" : "status"}
          className="rounded-md border p-3 text-sm"
          data-testid="action-message"
        >
          {saveFailed ? saveFailed.error : result.message}
        </p>
      )}

      {event.seats !== null && (
        <section aria-labelledby="attendees-title" className="space-y-3">
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <h2 id="attendees-title" className="text-xl font-semibold">
              Attendees
            </h2>
            <a
              href={`/admin/workshops/${event.id}/attendees.csv`}
              className="text-sm underline"
              download
            >
              Download the attendees (CSV)
            </a>
          </div>
          {attendees.length === 0 ? (
            <p className="text-muted-foreground">Nobody has registered yet.</p>
          ) : (
            <ScrollRegion label="Attendees" className="rounded-lg border bg-card">
              <table className="w-full text-left text-sm" data-testid="attendees">
                <ColumnHeads
                  labels={["Attendee", "State", "Deposit", "Balance", "Since"]}
                  rowClassName="border-b"
                  cellClassName="p-3"
                />
                <tbody>
                  {attendees.map((attendee) => (
                    <tr key={attendee.id} className="border-b last:border-0">
                      <td className="p-3">
                        {attendee.person_id ? (
                          <a
                            href={`/admin/people/${attendee.person_id}`}
                            className="block font-medium underline"
                          >
                            {attendee.name}
                          </a>
                        ) : (
                          <span className="block font-medium">{attendee.name}</span>
                        )}
                        <span className="block break-all text-muted-foreground">
                          {attendee.email}
                        </span>
                      </td>
                      <td className="p-3">
                        {statusLabels[attendee.status] ?? attendee.status}
                        {attendee.refunded_cents > 0
                          ? ` (${dollars(attendee.refunded_cents)} refunded)`
                          : ""}
                        {attendee.credit_cents > 0
                          ? ` (${dollars(attendee.credit_cents)} credit)`
                          : ""}
                        {attendee.letters_stopped_at ? " (stopped your letters)" : ""}
                      </td>
                      <td className="p-3" data-testid="deposit">
                        {attendee.depositCents > 0
                          ? `${dollars(attendee.depositCents)}${attendee.payment === "deposit" ? "" : " (in full)"}`
                          : "—"}
                      </td>
                      <td className="p-3" data-testid="balance">
                        {attendee.balance_paid_cents > 0
                          ? `${dollars(attendee.balance_paid_cents)} paid`
                          : attendee.balanceCents
                            ? `${dollars(attendee.balanceCents)} due`
                            : "—"}
                        {attendee.balance_refunded_cents > 0
                          ? ` (${dollars(attendee.balance_refunded_cents)} balance refunded)`
                          : ""}
                      </td>
                      <td className="p-3">
                        <AdminTime iso={attendee.paid_at ?? attendee.created_at} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </section>
      )}

      {event.seats !== null && (
        <section aria-labelledby="letters-title" className="space-y-3">
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <h2 id="letters-title" className="text-xl font-semibold">
              Letters to this cohort
            </h2>
            <a href={writeHref} className="text-sm font-medium underline">
              Write to this cohort
            </a>
          </div>
          <p className="text-sm text-muted-foreground">
            A broadcast to everyone holding a paid seat (not the waiting list): compose, preview,
            send yourself a test, send or schedule it, and read its report as any broadcast.
          </p>
          {letters.length > 0 && (
            <ul className="divide-y rounded-lg border bg-card" data-testid="cohort-letters">
              {letters.map((letter) => (
                <li key={letter.id}>
                  <a
                    href={`/admin/broadcasts/${letter.id}`}
                    className="flex flex-col gap-1 p-4 hover:bg-muted sm:flex-row sm:items-center sm:justify-between"
                  >
                    <span className="min-w-0 font-medium break-words">{letter.subject}</span>
                    <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                      <StatusBadge status={letter.status} />
                      <AdminTime
                        iso={letter.scheduled_at ?? letter.frozen_at ?? letter.updated_at}
                      />
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      {event.seats !== null && (
        <section aria-labelledby="waitlist-title" className="space-y-3">
          <h2 id="waitlist-title" className="text-xl font-semibold">
            Waiting list
          </h2>
          {waitlist.length === 0 ? (
            <p className="text-muted-foreground">Nobody is waiting.</p>
          ) : (
            <ol className="divide-y rounded-lg border bg-card" data-testid="waitlist">
              {waitlist.map((entry) => {
                return (
                  <li
                    key={entry.id}
                    className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <span className="min-w-0">
                      <span className="block font-medium">
                        {positions.has(entry.id) ? `${positions.get(entry.id)}. ` : ""}
                        {entry.name}
                      </span>
                      <span className="block text-sm break-all text-muted-foreground">
                        {entry.email}
                      </span>
                    </span>
                    <span className="flex flex-wrap items-center gap-3 text-sm">
                      <span data-testid="offer-state">
                        {statusLabels[entry.status] ?? entry.status}
                        {entry.status === "offered" && entry.offer_expires_at ? (
                          <>
                            {" until "}
                            <AdminTime iso={entry.offer_expires_at} />
                          </>
                        ) : null}
                        {entry.reason === "refunded" ? " (late payment refunded)" : ""}
                      </span>
                      {entry.status === "waiting" && free > 0 && (
                        <AdminForm>
                          <input type="hidden" name="intent" value="offer" />
                          <input type="hidden" name="waitlistId" value={entry.id} />
                          <Button type="submit" size="sm" variant="outline">
                            {`Offer a seat to ${entry.name}`}
                          </Button>
                        </AdminForm>
                      )}
                    </span>
                  </li>
                );
              })}
            </ol>
          )}
        </section>
      )}

      <section aria-labelledby="edit-title" className="space-y-4">
        <h2 id="edit-title" className="text-xl font-semibold">
          Change the event
        </h2>
        <AdminForm className="max-w-3xl space-y-6">
          <input type="hidden" name="intent" value="save" />
          <EventFields
            values={saveFailed?.values ?? loaderData.values}
            fieldErrors={saveFailed?.fieldErrors ?? {}}
          />
          <Button type="submit">Save changes</Button>
        </AdminForm>
      </section>

      {event.seats !== null && event.cancellable && (
        <section aria-labelledby="cancel-cohort-title" className="max-w-3xl space-y-3">
          <h2 id="cancel-cohort-title" className="text-xl font-semibold">
            Cancel this cohort
          </h2>
          <p className="text-sm text-muted-foreground">
            {`Every attendee (${event.sold} paid) is refunded all they paid and gets an email with a calendar cancellation; the waiting list is closed and the cohort leaves the site. This cannot be undone.`}
          </p>
          <AdminForm className="space-y-3">
            <input type="hidden" name="intent" value="cancel-cohort" />
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" name="confirm" value="yes" required className="mt-1" />
              <span>I want to cancel this cohort and refund everyone.</span>
            </label>
            <Button type="submit" variant="destructive">
              Cancel the cohort and refund everyone
            </Button>
          </AdminForm>
        </section>
      )}
    </div>
  );
}
