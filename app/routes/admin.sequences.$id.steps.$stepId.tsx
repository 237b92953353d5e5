import { data, redirect } from "react-router";
import type { Route } from "./+types/admin.sequences.$id.steps.$stepId";
import { AdminForm } from "~/components/admin/admin-form";
import { adminMeta } from "~/components/admin/admin-meta";
import { StepFields } from "~/components/admin/sequence-fields";
import { StatCard } from "~/components/admin/stat-card";
import { BackLink } from "~/components/page/back-link";
import { Button } from "~/components/ui/button";
import { requireAdminAction, requireAdminPage } from "~/.server/admin";
import { readFormBody } from "~/.server/http/request-body";
import { removeStep, saveStep, stepInput, stepPage } from "~/.server/sequences";
import { ConsoleAlert } from "~/components/admin/console-message";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  adminMeta(loaderData ? `Step: ${loaderData.step.subject}` : "Step");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const page = await stepPage(context.db, params.id, params.stepId);
  if (!page) throw data("No such step", 404);
  return page;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const session = await requireAdminAction(request, context, formData);
  if (formData.get("intent") === "remove") {
    const outcome = await removeStep(context, {
      sequenceId: params.id,
      stepId: params.stepId,
      actor: session.email,
    });
    if (outcome !== "removed") return data({ error: "That step is gone." }, 404);
    return redirect(`/admin/sequences/${params.id}#steps`);
  }
  const saved = await saveStep(context, {
    sequenceId: params.id,
    stepId: params.stepId,
    input: { ...stepInput(formData), position: "" },
    actor: session.email,
  });
  if (saved.outcome === "invalid") return data(saved, 400);
  if (saved.outcome !== "saved") return data({ error: "That step is gone." }, 404);
  return redirect(`/admin/sequences/${params.id}#steps`);
}

export default function AdminSequenceStep({ loaderData, actionData }: Route.ComponentProps) {
  const { step, figures } = loaderData;
  return (
    <div className="space-y-8">
      <BackLink
        to={`/admin/sequences/${step.sequence_id}`}
        label={step.sequenceName}
        className="-ml-3"
      />
      <h1 className="min-w-0 text-3xl font-semibold break-words">{step.subject}</h1>
      <p className="text-sm text-muted-foreground" data-testid="step-version">
        Version {step.version}: each edit makes a new version; a reader&apos;s history on their page
        names the version they received.
      </p>
      {step.removed_at && (
        <p className="rounded-md border p-3 text-sm">This step was removed: nobody gets it now.</p>
      )}
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label="Sent" value={figures.sent} detail="Accepted by their server" />
        <StatCard
          label="Cancelled"
          value={figures.cancelled}
          detail="Never sent: the reader left before it went"
        />
        <StatCard label="In the outbox" value={figures.queued} detail="Queued, not yet sent" />
        <StatCard
          label="Unsubscribed after"
          value={figures.unsubscribed}
          detail="Left the list after this step reached them"
        />
        <StatCard
          label="Converted after"
          value={figures.converted}
          detail="An order, a booking or a workshop seat since"
        />
      </div>
      {actionData && "error" in actionData && <ConsoleAlert>{actionData.error}</ConsoleAlert>}
      {!step.removed_at && (
        <>
          <AdminForm className="max-w-3xl space-y-5">
            <StepFields
              step={step}
              fieldErrors={
                (actionData && "fieldErrors" in actionData ? actionData.fieldErrors : {}) as Record<
                  string,
                  string[]
                >
              }
            />
            <Button type="submit">Save step</Button>
          </AdminForm>
          <AdminForm>
            <input type="hidden" name="intent" value="remove" />
            <Button type="submit" variant="outline">
              Remove this step
            </Button>
          </AdminForm>
        </>
      )}
    </div>
  );
}
