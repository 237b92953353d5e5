import { data, redirect } from "react-router";
import type { Route } from "./+types/admin.sequences.new";
import { AdminForm } from "~/components/admin/admin-form";
import { adminMeta } from "~/components/admin/admin-meta";
import { SequenceFields } from "~/components/admin/sequence-fields";
import { BackLink } from "~/components/page/back-link";
import { Button } from "~/components/ui/button";
import { requireAdminAction, requireAdminPage } from "~/.server/admin";
import { readFormBody } from "~/.server/http/request-body";
import { saveSequence, sequenceChoices, sequenceInput } from "~/.server/sequences";
import { ConsoleAlert } from "~/components/admin/console-message";

export const meta = () => adminMeta("New sequence");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return { others: await sequenceChoices(context.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const session = await requireAdminAction(request, context, formData);
  const saved = await saveSequence(context, {
    input: sequenceInput(formData),
    actor: session.email,
  });
  if (saved.outcome === "invalid") return data(saved, 400);
  if (saved.outcome !== "saved") return data({ error: "That sequence is gone." }, 404);
  return redirect(`/admin/sequences/${saved.id}`);
}

export default function AdminNewSequence({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <BackLink to="/admin/sequences" label="Sequences" className="-ml-3" />
      <h1 className="text-3xl font-semibold">New sequence</h1>
      {actionData && "error" in actionData && <ConsoleAlert>{actionData.error}</ConsoleAlert>}
      <AdminForm className="max-w-3xl space-y-5">
        <SequenceFields
          others={loaderData.others}
          fieldErrors={
            (actionData && "fieldErrors" in actionData ? actionData.fieldErrors : {}) as Record<
              string,
              string[]
            >
          }
        />
        <Button type="submit">Create sequence</Button>
      </AdminForm>
    </div>
  );
}
