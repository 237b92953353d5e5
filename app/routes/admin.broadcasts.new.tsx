import { data, redirect } from "react-router";
import type { Route } from "./+types/admin.broadcasts.new";
import { AdminForm } from "~/components/admin/admin-form";
import { adminMeta } from "~/components/admin/admin-meta";
import { BroadcastFields } from "~/components/admin/broadcast-fields";
import { BackLink } from "~/components/page/back-link";
import { Button } from "~/components/ui/button";
import { requireAdminAction, requireAdminPage } from "~/.server/admin";
import {
  broadcastInput,
  countRecipients,
  describeAudienceGroup,
  saveBroadcastDraft,
} from "~/.server/broadcasts";
import { readFormBody } from "~/.server/http/request-body";
import { ConsoleAlert } from "~/components/admin/console-message";

export const meta = () => adminMeta("New broadcast");

/** `?group=<key>` starts a letter to a group (a cohort's page links here with its attendees). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const key = new URL(request.url).searchParams.get("group");
  if (key) {
    const label = await describeAudienceGroup(context.db, key);
    if (label === undefined) throw data("No such group", 404);
    const group = { key, label };
    return {
      group,
      recipients: await countRecipients(context.db, { list: "group", interests: [], group }),
    };
  }
  return { recipients: await countRecipients(context.db, { list: "newsletter", interests: [] }) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const session = await requireAdminAction(request, context, formData);
  const saved = await saveBroadcastDraft(context, {
    input: broadcastInput(formData),
    actor: session.email,
  });
  if (saved.outcome === "invalid") return data(saved, 400);
  if (saved.outcome !== "saved") return data({ error: "That broadcast cannot change." }, 409);
  return redirect(`/admin/broadcasts/${saved.id}`);
}

export default function AdminNewBroadcast({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <BackLink to="/admin/broadcasts" label="Broadcasts" className="-ml-3" />
      <h1 className="text-3xl font-semibold">Write a broadcast</h1>
      {actionData && "error" in actionData && <ConsoleAlert>{actionData.error}</ConsoleAlert>}
      <AdminForm className="max-w-3xl space-y-5">
        <BroadcastFields
          group={"group" in loaderData ? loaderData.group : undefined}
          recipients={loaderData.recipients}
          fieldErrors={
            (actionData && "fieldErrors" in actionData ? actionData.fieldErrors : {}) as Record<
              string,
              string[]
            >
          }
        />
        <Button type="submit">Save draft</Button>
      </AdminForm>
    </div>
  );
}
