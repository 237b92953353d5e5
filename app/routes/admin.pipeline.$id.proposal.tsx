import { data, redirect } from "react-router";
import type { Route } from "./+types/admin.pipeline.$id.proposal";
import { AdminForm } from "~/components/admin/admin-form";
import { adminMeta } from "~/components/admin/admin-meta";
import { ConsoleAlert } from "~/components/admin/console-message";
import { ProposalFields } from "~/components/admin/deals/proposal-fields";
import { BackLink } from "~/components/page/back-link";
import { Button } from "~/components/ui/button";
import { requireAdminAction, requireAdminPage } from "~/.server/admin";
import { loadDeal, proposalFormValues, saveProposal, sendProposal } from "~/.server/deals";
import { readFormBody } from "~/.server/http/request-body";

export const meta = () => adminMeta("Proposal");

/** The proposal template of a deal, filled with its latest version (or the deal's facts). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const found = await loadDeal(context.db, params.id);
  if (!found) throw data("Deal not found", 404);
  return {
    deal: { id: found.deal.id, title: found.deal.title },
    values: await proposalFormValues(context.db, found.deal),
  };
}

type Failed = {
  error: string;
  fieldErrors?: Record<string, string[]>;
  values?: Record<string, string | string[]>;
};

const formValues = (form: URLSearchParams) => {
  const values: Record<string, string | string[]> = {};
  for (const name of new Set(form.keys()))
    values[name] = name.startsWith("line") ? form.getAll(name) : (form.get(name) ?? "");
  return values;
};

/** Saves a new version, or sends one (from the deal page's list); back to the deal after. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const session = await requireAdminAction(request, context, formData);
  const intent = formData.get("intent");
  const back = `/admin/pipeline/${params.id}#proposals`;
  if (intent === "save") {
    const outcome = await saveProposal(context, {
      dealId: params.id,
      fields: formData,
      actor: session.email,
    });
    if (outcome.outcome === "not-found") throw data("Deal not found", 404);
    if (outcome.outcome === "invalid")
      return data({ ...outcome, values: formValues(formData) } satisfies Failed, 400);
    return redirect(back);
  }
  if (intent === "send") {
    const outcome = await sendProposal(context, {
      dealId: params.id,
      proposalId: formData.get("proposal") ?? "",
      actor: session.email,
    });
    if (outcome.outcome === "not-found") throw data("Proposal not found", 404);
    if (outcome.outcome === "refused") return data({ error: outcome.error } satisfies Failed, 409);
    return redirect(back);
  }
  return data({ error: "Unknown action." } satisfies Failed, 400);
}

export default function AdminDealProposal({ loaderData, actionData }: Route.ComponentProps) {
  const { deal, values } = loaderData;
  const failed = actionData as Failed | undefined;
  return (
    <div className="space-y-6">
      <BackLink to={`/admin/pipeline/${deal.id}`} label={deal.title} className="-ml-3" />
      <h1 className="text-2xl font-semibold wrap-anywhere">New proposal version</h1>
      <p className="max-w-3xl text-sm text-muted-foreground">
        Saving keeps this as a new version beside the earlier ones; nothing is sent until you press
        Send on the deal page.
      </p>
      {failed && <ConsoleAlert>{failed.error}</ConsoleAlert>}
      <AdminForm className="max-w-3xl space-y-6 rounded-lg border bg-card p-4">
        <input type="hidden" name="intent" value="save" />
        <ProposalFields values={failed?.values ?? values} fieldErrors={failed?.fieldErrors ?? {}} />
        <Button type="submit">Save as a new version</Button>
      </AdminForm>
    </div>
  );
}
