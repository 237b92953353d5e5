import { data, redirect } from "react-router";
import type { Route } from "./+types/admin.pipeline.new";
import { AdminForm } from "~/components/admin/admin-form";
import { adminMeta } from "~/components/admin/admin-meta";
import { ConsoleAlert } from "~/components/admin/console-message";
import { DealFields } from "~/components/admin/deals/deal-fields";
import { BackLink } from "~/components/page/back-link";
import { Button } from "~/components/ui/button";
import { requireAdminAction, requireAdminPage } from "~/.server/admin";
import { dealFormValues, openDealByHand } from "~/.server/deals";
import { readFormBody } from "~/.server/http/request-body";

export const meta = () => adminMeta("Open a deal");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return { values: dealFormValues(undefined) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const session = await requireAdminAction(request, context, formData);
  const opened = await openDealByHand(context, { fields: formData, actor: session.email });
  if (opened.outcome === "invalid")
    return data({ ...opened, values: Object.fromEntries(formData) }, 400);
  if (opened.outcome !== "saved") throw data("Deal not found", 404);
  return redirect(`/admin/pipeline/${opened.id}`);
}

export default function AdminNewDeal({ loaderData, actionData }: Route.ComponentProps) {
  const failed = actionData as
    | { error: string; fieldErrors?: Record<string, string[]>; values?: Record<string, string> }
    | undefined;
  return (
    <div className="space-y-6">
      <BackLink to="/admin/pipeline" label="Pipeline" className="-ml-3" />
      <h1 className="text-3xl font-semibold">Open a deal</h1>
      {failed && <ConsoleAlert>{failed.error}</ConsoleAlert>}
      <AdminForm className="max-w-3xl space-y-6">
        <DealFields
          values={failed?.values ?? loaderData.values}
          fieldErrors={failed?.fieldErrors ?? {}}
          withContact
        />
        <Button type="submit">Open the deal</Button>
      </AdminForm>
    </div>
  );
}
