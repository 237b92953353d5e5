import { data, redirect } from "react-router";
import type { Route } from "./+types/admin.workshops.new";
import { AdminForm } from "~/components/admin/admin-form";
import { adminMeta } from "~/components/admin/admin-meta";
import { EventFields } from "~/components/admin/workshops/event-fields";
import { BackLink } from "~/components/page/back-link";
import { Button } from "~/components/ui/button";
import { requireAdminAction, requireAdminPage } from "~/.server/admin";
import { readFormBody } from "~/.server/http/request-body";
import { eventFormValues, saveEvent } from "~/.server/workshops";
import { ConsoleAlert } from "~/components/admin/console-message";

export const meta = () => adminMeta("Add an event");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return { values: eventFormValues(undefined) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const session = await requireAdminAction(request, context, formData);
  const saved = await saveEvent(context, { fields: formData, actor: session.email });
  if (saved.outcome === "invalid")
    return data({ ...saved, values: Object.fromEntries(formData) }, 400);
  if (saved.outcome !== "saved") return data({ error: "That event is gone." }, 404);
  return redirect(`/admin/workshops/${saved.id}`);
}

export default function AdminNewEvent({ loaderData, actionData }: Route.ComponentProps) {
  const failed = actionData as
    | { error: string; fieldErrors?: Record<string, string[]>; values?: Record<string, string> }
    | undefined;
  return (
    <div className="space-y-6">
      <BackLink to="/admin/workshops" label="Workshops and events" className="-ml-3" />
      <h1 className="text-3xl font-semibold">Add an event</h1>
      {failed && <ConsoleAlert>{failed.error}</ConsoleAlert>}
      <AdminForm className="max-w-3xl space-y-6">
        <EventFields
          values={failed?.values ?? loaderData.values}
          fieldErrors={failed?.fieldErrors ?? {}}
        />
        <Button type="submit">Save event</Button>
      </AdminForm>
    </div>
  );
}
