import { data, redirect } from "react-router";
import type { Route } from "./+types/admin.people.$id.erase";
import { AdminForm } from "~/components/admin/admin-form";
import { adminMeta } from "~/components/admin/admin-meta";
import { BackLink } from "~/components/page/back-link";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { requireAdminAction, requireAdminPage } from "~/.server/admin";
import { erasePerson, findPersonRecord } from "~/.server/audience";
import { readFormBody } from "~/.server/http/request-body";

export const meta = () => adminMeta("Erase a person");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const record = await findPersonRecord(context.db, params.id);
  if (!record) throw data("Person not found", 404);
  return {
    id: record.person.id,
    email: record.person.email,
    counts: {
      messages: record.messages.length,
      lists: record.memberships.length,
      emails: record.emails.length,
      orders: record.orders.length,
      bookings: record.bookings.length,
    },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const session = await requireAdminAction(request, context, formData);
  if (formData.get("confirm") !== "erase") {
    return data({ error: "Tick the box to confirm the erasure." }, 400);
  }
  const outcome = await erasePerson(context, { personId: params.id, actor: session.email });
  if (outcome === "not-found") throw data("Person not found", 404);
  return redirect("/admin/people?erased=1");
}

export default function AdminErasePerson({ loaderData, actionData }: Route.ComponentProps) {
  const { id, email, counts } = loaderData;
  return (
    <div className="space-y-6">
      <BackLink to={`/admin/people/${id}`} label="Back to the person" className="-ml-3" />
      <Card className="max-w-2xl">
        <CardHeader>
          <h1 className="text-2xl font-semibold break-words">Erase {email}?</h1>
        </CardHeader>
        <CardContent className="space-y-4">
          <ul className="list-disc space-y-1 pl-5 text-sm">
            <li>{counts.messages} contact messages are deleted.</li>
            <li>{counts.lists} list memberships (newsletter, waitlist) are deleted.</li>
            <li>{counts.emails} emails addressed to them are deleted from the outbox.</li>
            <li>
              {counts.bookings} booked sessions are deleted; a coming one frees its time, and they
              are not told.
            </li>
            <li>
              {counts.orders} orders are kept for the accounts, with the name, address and email
              blanked.
            </li>
          </ul>
          <p className="text-sm font-medium">This cannot be undone.</p>
          <AdminForm className="space-y-4">
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                name="confirm"
                value="erase"
                required
                className="mt-1 size-4"
              />
              I understand: erase everything held about this person.
            </label>
            {actionData && (
              <p role="alert" className="text-sm text-destructive">
                {actionData.error}
              </p>
            )}
            <Button type="submit" variant="destructive">
              Erase this person
            </Button>
          </AdminForm>
        </CardContent>
      </Card>
    </div>
  );
}
