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
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { requireAdminAction, requireAdminPage } from "~/.server/admin";
import {
  addDealNote,
  dealFormValues,
  listProposals,
  loadDeal,
  loadDealTimeline,
  moveDeal,
  saveDeal,
  sendDealEmail,
} from "~/.server/deals";
import { readFormBody } from "~/.server/http/request-body";
import { dealStageLabels, dealStages } from "~/lib/deal-schema";

export const meta = () => adminMeta("Deal");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const found = await loadDeal(context.db, params.id);
  if (!found) throw data("Deal not found", 404);
  // Lost chosen on the board: this page asks why.
  const query = new URL(request.url).searchParams;
  const askReason = query.get("stage") === "lost";
  const [timeline, proposals] = await Promise.all([
    loadDealTimeline(context.db, params.id),
    listProposals(context, params.id),
  ]);
  return {
    ...found,
    values: dealFormValues(found.deal),
    askReason,
    timeline,
    proposals,
    done: query.get("done"),
  };
}

const intents = ["save", "move", "note", "email"] as const;
type Intent = (typeof intents)[number];

type Failed = {
  intent: Intent;
  error: string;
  fieldErrors?: Record<string, string[]>;
  values?: Record<string, string>;
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const session = await requireAdminAction(request, context, formData);
  const intent = intents.find((name) => name === formData.get("intent"));
  if (!intent) return data({ error: "Unknown action." }, 400);
  const target = { id: params.id, fields: formData, actor: session.email };
  const onDeal = { dealId: params.id, fields: formData, actor: session.email };
  const outcome =
    intent === "save"
      ? await saveDeal(context, target)
      : intent === "move"
        ? await moveDeal(context, target)
        : intent === "note"
          ? await addDealNote(context, onDeal)
          : await sendDealEmail(context, onDeal);
  if (outcome.outcome === "not-found") throw data("Deal not found", 404);
  if (outcome.outcome === "no-contact") {
    const failed: Failed = {
      intent,
      error: "This deal has no contact to write to: open it from a message or give it an email.",
      values: Object.fromEntries(formData),
    };
    return data(failed, 409);
  }
  if (outcome.outcome === "invalid") {
    const failed: Failed = { intent, ...outcome, values: Object.fromEntries(formData) };
    return data(failed, 400);
  }
  const done = intent === "email" ? "?done=email#timeline" : intent === "note" ? "#timeline" : "";
  return redirect(`/admin/pipeline/${params.id}${done}`);
}

/** A labelled text field of the timeline's forms, with its errors. */
function TimelineField({
  name,
  label,
  failed,
  rows,
}: {
  name: string;
  label: string;
  failed: Failed | undefined;
  rows?: number;
}) {
  const errors = failed?.fieldErrors?.[name];
  const props = {
    id: name,
    name,
    required: true,
    defaultValue: failed?.values?.[name] ?? "",
    "aria-invalid": errors ? true : undefined,
    "aria-describedby": errors ? `${name}-error` : undefined,
  };
  return (
    <div className="space-y-2">
      <Label htmlFor={name}>{label}</Label>
      {rows ? <Textarea rows={rows} {...props} /> : <Input {...props} />}
      <FieldError id={`${name}-error`} errors={errors} />
    </div>
  );
}

export default function AdminDeal({ loaderData, actionData }: Route.ComponentProps) {
  const { deal, message, values, askReason, timeline, proposals, done } = loaderData;
  const failed = actionData as Failed | undefined;
  const saveFailed = failed?.intent === "save" ? failed : undefined;
  const moveFailed = failed?.intent === "move" ? failed : undefined;
  const noteFailed = failed?.intent === "note" ? failed : undefined;
  const emailFailed = failed?.intent === "email" ? failed : undefined;
  const client = deal.person_email;
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

      <section aria-labelledby="timeline-heading" id="timeline" className="space-y-4">
        <h2 id="timeline-heading" className="text-lg font-semibold">
          Timeline
        </h2>
        {/* Keyed by the entries: a form whose entry was added comes back empty. */}
        <div className="grid max-w-3xl gap-4 md:grid-cols-2">
          <AdminForm
            key={`note-${timeline.length}`}
            className="space-y-3 rounded-lg border bg-card p-4"
            aria-label="Add a note"
          >
            <input type="hidden" name="intent" value="note" />
            {noteFailed && <ConsoleAlert>{noteFailed.error}</ConsoleAlert>}
            <TimelineField name="note" label="Note" rows={3} failed={noteFailed} />
            <Button type="submit" variant="outline">
              Add the note
            </Button>
          </AdminForm>
          {client ? (
            <AdminForm
              key={`email-${timeline.length}`}
              className="space-y-3 rounded-lg border bg-card p-4"
              aria-label={`Write to ${client}`}
            >
              <input type="hidden" name="intent" value="email" />
              <p className="text-sm font-medium break-all">{`Write to ${client}`}</p>
              {emailFailed && <ConsoleAlert>{emailFailed.error}</ConsoleAlert>}
              {done === "email" && (
                <p role="status" className="text-sm text-muted-foreground">
                  Queued in the outbox; its state shows below.
                </p>
              )}
              <TimelineField name="subject" label="Subject" failed={emailFailed} />
              <TimelineField name="body" label="Email (plain text)" rows={6} failed={emailFailed} />
              <Button type="submit">Send the email</Button>
            </AdminForm>
          ) : (
            <p className="rounded-lg border bg-card p-4 text-sm text-muted-foreground">
              This deal has no contact to write to.
            </p>
          )}
        </div>
        {timeline.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing yet.</p>
        ) : (
          <ol className="max-w-3xl space-y-3" data-testid="deal-timeline">
            {timeline.map((entry, index) => (
              <li
                key={`${entry.kind}-${entry.at}-${index}`}
                className="space-y-1 rounded-lg border bg-card p-3"
                data-kind={entry.kind}
              >
                <p className="text-xs text-muted-foreground">
                  <AdminTime iso={entry.at} />
                </p>
                <p className="text-sm font-medium wrap-anywhere">{entry.title}</p>
                {entry.detail && (
                  <p className="line-clamp-6 text-sm wrap-anywhere whitespace-pre-wrap text-muted-foreground">
                    {entry.detail}
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
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
