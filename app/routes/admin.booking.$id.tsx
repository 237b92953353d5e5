import { data } from "react-router";
import type { Route } from "./+types/admin.booking.$id";
import { AdminForm } from "~/components/admin/admin-form";
import { adminMeta } from "~/components/admin/admin-meta";
import { SessionList } from "~/components/admin/booking/session-list";
import { BackLink } from "~/components/page/back-link";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { requireAdminAction, requireAdminPage } from "~/.server/admin";
import { changeSessionAsOwner, ownerSession } from "~/.server/booking";
import { readFormBody } from "~/.server/http/request-body";
import { fieldClassName } from "~/components/ui/input";

export const meta = () => adminMeta("Session");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const found = await ownerSession(context, params.id);
  if (!found) throw data("Session not found", 404);
  return found;
}

const done = {
  cancel: "Cancelled: the booker is emailed, and their invite link now removes the event.",
  reschedule: "Moved: the booker is emailed the new time, and their invite link updates.",
  complete: "Marked as done.",
  "no-show": "Marked as a no-show.",
  note: "Note kept.",
} as const;

export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const session = await requireAdminAction(request, context, formData);
  const outcome = await changeSessionAsOwner(context, {
    bookingId: params.id,
    intent: String(formData.get("intent") ?? ""),
    note: String(formData.get("note") ?? ""),
    start: String(formData.get("start") ?? ""),
    actor: session.email,
  });
  switch (outcome.outcome) {
    case "done":
      return { message: done[outcome.intent] };
    case "invalid":
      return data({ message: outcome.error }, 400);
    case "not-found":
      throw data("Session not found", 404);
    case "not-applicable":
      return data({ message: "The session is no longer in a state for that." }, 409);
    case "unchanged":
      return data({ message: "That is already the session's time: nothing changed." }, 409);
    case "taken":
      return data({ message: "That time was just taken: choose another." }, 409);
    case "unavailable":
      return data({ message: "That time is not open for booking: choose one from the list." }, 400);
  }
}

function NoteField({ id }: { id: string }) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>Note (kept on the session, not sent)</Label>
      <Textarea id={id} name="note" maxLength={2000} className="min-h-20" />
    </div>
  );
}

export default function AdminBookingSession({ loaderData, actionData }: Route.ComponentProps) {
  const { session, canChange, canClose, moveTo } = loaderData;
  return (
    <div className="space-y-6">
      <BackLink to="/admin/booking" label="Booking" className="-ml-3" />
      <h1 className="text-2xl font-semibold break-words">
        {session.title} with {session.name}
      </h1>
      <SessionList sessions={[session]} emptyText="" testId="session-summary" />
      {actionData && (
        <p
          role="status"
          className="rounded-md border bg-card p-3 text-sm"
          data-testid="session-result"
        >
          {actionData.message}
        </p>
      )}
      {canClose && (
        <AdminForm className="space-y-3 rounded-lg border bg-card p-4" data-testid="close-session">
          <h2 className="font-semibold">How did it go?</h2>
          <NoteField id="close-note" />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="complete">
              Mark as done
            </Button>
            <Button type="submit" name="intent" value="no-show" variant="outline">
              Mark as no-show
            </Button>
          </div>
        </AdminForm>
      )}
      {canChange && moveTo.length > 0 && (
        <AdminForm
          className="space-y-3 rounded-lg border bg-card p-4"
          data-testid="reschedule-session"
        >
          <h2 className="font-semibold">Move to another time</h2>
          <div className="space-y-1">
            <Label htmlFor="start">New time</Label>
            <select id="start" name="start" className={`${fieldClassName} h-10`} required>
              {moveTo.map((day) => (
                <optgroup key={day.date} label={day.label}>
                  {day.slots.map((slot) => (
                    <option key={slot.start} value={slot.start}>
                      {day.label}, {slot.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
          <NoteField id="reschedule-note" />
          <Button type="submit" name="intent" value="reschedule">
            Move the session
          </Button>
        </AdminForm>
      )}
      {canChange && (
        <AdminForm className="space-y-3 rounded-lg border bg-card p-4" data-testid="cancel-session">
          <h2 className="font-semibold">Cancel</h2>
          <NoteField id="cancel-note" />
          <Button type="submit" name="intent" value="cancel" variant="destructive">
            Cancel the session
          </Button>
        </AdminForm>
      )}
      <AdminForm className="space-y-3 rounded-lg border bg-card p-4" data-testid="note-session">
        <h2 className="font-semibold">Keep a note</h2>
        <NoteField id="plain-note" />
        <Button type="submit" name="intent" value="note" variant="outline">
          Save the note
        </Button>
      </AdminForm>
    </div>
  );
}
