import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/admin.pipeline.$id";
import { AdminForm } from "~/components/admin/admin-form";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTime } from "~/components/admin/admin-time";
import { ConsoleAlert } from "~/components/admin/console-message";
import { DealFields } from "~/components/admin/deals/deal-fields";
import { DealProposals } from "~/components/admin/deals/deal-proposals";
import { dealValueLabel } from "~/components/admin/deals/deal-stage-form";
import { BackLink } from "~/components/page/back-link";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { requireAdminAction, requireAdminPage } from "~/.server/admin";
import { dealFormValues, listProposals, loadDeal, moveDeal, saveDeal } from "~/.server/deals";
import { readFormBody } from "~/.server/http/request-body";
import { dealStageLabels, dealStages } from "~/lib/deal-schema";

export const meta = () => adminMeta("Deal");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const found = await loadDeal(context.db, params.id);
  if (!found) throw data("Deal not found", 404);
  // Lost chosen on the board: this page asks why.
  const askReason = new URL(request.url).searchParams.get("stage") === "lost";
  const proposals = await listProposals(context, params.id);
  return { ...found, values: dealFormValues(found.deal), askReason, proposals };
}

type Failed = {
  intent: "save" | "move";
  error: string;
  fieldErrors?: Record<string, string[]>;
  values?: Record<string, string>;
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const session = await requireAdminAction(request, context, formData);
  const intent = formData.get("intent");
  const target = { id: params.id, fields: formData, actor: session.email };
  if (intent !== "save" && intent !== "move") return data({ error: "Unknown action." }, 400);
  const outcome =
    intent === "save" ? await saveDeal(context, target) : await moveDeal(context, target);
  if (outcome.outcome === "not-found") throw data("Deal not found", 404);
  if (outcome.outcome === "invalid") {
    const failed: Failed = { intent, ...outcome, values: Object.fromEntries(formData) };
    return data(failed, 400);
  }
  return redirect(`/admin/pipeline/${params.id}`);
}

export default function AdminDeal({ loaderData, actionData }: Route.ComponentProps) {
  const { deal, message, values, askReason, proposals } = loaderData;
  const failed = actionData as Failed | undefined;
  const saveFailed = failed?.intent === "save" ? failed : undefined;
  const moveFailed = failed?.intent === "move" ? failed : undefined;
  const losing = askReason || moveFailed?.values?.stage === "lost";
  const reasonErrors =
    moveFailed?.fieldErrors?.lostReason ?? (askReason ? ["Say why the deal was lost"] : undefined);
  return (
    <div className="space-y-6">
      <BackLink to="/admin/pipeline" label="Pipeline" className="-ml-3" />
      <Card>
        <CardHeader className="gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h1 className="min-w-0 text-2xl font-semibold wrap-anywhere">{deal.title}</h1>
            <Badge variant="outline" data-testid="deal-stage">
              {dealStageLabels[deal.stage]}
            </Badge>
          </div>
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-muted-foreground">Interest</dt>
            <dd>{deal.interest}</dd>
            <dt className="text-muted-foreground">Value</dt>
            <dd>{dealValueLabel(deal.value_cents)}</dd>
            {deal.team_size !== null && (
              <>
                <dt className="text-muted-foreground">Team size</dt>
                <dd>{deal.team_size}</dd>
              </>
            )}
            {deal.expected_close_on && (
              <>
                <dt className="text-muted-foreground">Expected close</dt>
                <dd>{deal.expected_close_on}</dd>
              </>
            )}
            {deal.next_step && (
              <>
                <dt className="text-muted-foreground">Next step</dt>
                <dd className="wrap-anywhere" data-testid="deal-next-step">
                  {deal.next_step_due_on
                    ? `${deal.next_step}, due ${deal.next_step_due_on}`
                    : deal.next_step}
                </dd>
              </>
            )}
            {deal.person_id && (
              <>
                <dt className="text-muted-foreground">Contact</dt>
                <dd className="break-all">
                  <Link
                    to={`/admin/people/${deal.person_id}`}
                    className="underline underline-offset-4"
                  >
                    {deal.person_email ?? "their page"}
                  </Link>
                </dd>
              </>
            )}
            {deal.stage === "lost" && deal.lost_reason && (
              <>
                <dt className="text-muted-foreground">Lost because</dt>
                <dd className="wrap-anywhere">{deal.lost_reason}</dd>
              </>
            )}
            <dt className="text-muted-foreground">Opened</dt>
            <dd>
              <AdminTime iso={deal.created_at} />
            </dd>
          </dl>
        </CardHeader>
        {message && (
          <CardContent className="space-y-2">
            <p className="text-sm">
              <Link to={`/admin/inbox/${message.id}`} className="underline underline-offset-4">
                The message it came from
              </Link>
              {", "}
              <AdminTime iso={message.created_at} />
            </p>
            <p className="line-clamp-4 rounded-md bg-muted p-3 text-sm wrap-anywhere whitespace-pre-wrap">
              {message.message}
            </p>
          </CardContent>
        )}
      </Card>

      <DealProposals dealId={deal.id} proposals={proposals} canSend={deal.person_email !== null} />

      <section aria-labelledby="stage-heading" id="lost" className="space-y-3">
        <h2 id="stage-heading" className="text-lg font-semibold">
          Stage
        </h2>
        {moveFailed && <ConsoleAlert>{moveFailed.error}</ConsoleAlert>}
        <AdminForm className="max-w-3xl space-y-4 rounded-lg border bg-card p-4">
          <input type="hidden" name="intent" value="move" />
          <div className="space-y-2">
            <Label htmlFor="stage">Move to</Label>
            <select
              id="stage"
              name="stage"
              defaultValue={losing ? "lost" : deal.stage}
              className="block h-10 w-full rounded-md border border-input bg-background px-3 text-sm"
            >
              {dealStages.map((stage) => (
                <option key={stage} value={stage}>
                  {dealStageLabels[stage]}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-2">
            <Label htmlFor="lostReason">Why it was lost (for Lost)</Label>
            <Textarea
              id="lostReason"
              name="lostReason"
              rows={2}
              defaultValue={moveFailed?.values?.lostReason ?? deal.lost_reason ?? ""}
              aria-invalid={reasonErrors ? true : undefined}
              aria-describedby={reasonErrors ? "lostReason-error" : undefined}
            />
            <FieldError id="lostReason-error" errors={reasonErrors} />
          </div>
          <Button type="submit" variant="outline">
            Move the deal
          </Button>
        </AdminForm>
      </section>

      <section aria-labelledby="details-heading" className="space-y-3">
        <h2 id="details-heading" className="text-lg font-semibold">
          Details
        </h2>
        {saveFailed && <ConsoleAlert>{saveFailed.error}</ConsoleAlert>}
        <AdminForm className="max-w-3xl space-y-6 rounded-lg border bg-card p-4">
          <input type="hidden" name="intent" value="save" />
          <DealFields
            values={saveFailed?.values ?? values}
            fieldErrors={saveFailed?.fieldErrors ?? {}}
          />
          <Button type="submit">Save the deal</Button>
        </AdminForm>
      </section>
    </div>
  );
}
