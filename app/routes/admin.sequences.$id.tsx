import { data, Link, redirect } from "react-router";
import { formatRate } from "~/components/admin/provider-outcomes";
import { AdminTime } from "~/components/admin/admin-time";
import type { Route } from "./+types/admin.sequences.$id";
import { AdminForm } from "~/components/admin/admin-form";
import { adminMeta } from "~/components/admin/admin-meta";
import { SequenceFields, StepFields } from "~/components/admin/sequence-fields";
import { StatusBadge } from "~/components/admin/status-badge";
import { BackLink } from "~/components/page/back-link";
import { Button } from "~/components/ui/button";
import {
  dismissUncertain,
  requireAdminAction,
  requireAdminPage,
  sendUncertainEmailAgain,
} from "~/.server/admin";
import { UncertainEmails } from "~/components/admin/uncertain-emails";
import { readFormBody } from "~/.server/http/request-body";
import {
  changeSequenceStatus,
  resendUncertainStep,
  saveSequence,
  saveStep,
  sequenceInput,
  sequencePage,
  stepInput,
  uncertainEmailsByStep,
} from "~/.server/sequences";
import { ConsoleAlert } from "~/components/admin/console-message";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  adminMeta(loaderData ? `Sequence: ${loaderData.sequence.name}` : "Sequence");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const [page, uncertain] = await Promise.all([
    sequencePage(context.db, params.id),
    uncertainEmailsByStep(context.db, params.id),
  ]);
  if (!page) throw data("No such sequence", 404);
  const noneUncertain = { total: 0, emails: [] };
  return {
    ...page,
    steps: page.steps.map((step) => ({
      ...step,
      uncertain: uncertain.get(step.id) ?? noneUncertain,
    })),
  };
}

const statusRefusals = {
  "no-steps": "Add a step before activating the sequence.",
  unchanged: "The sequence is already so.",
  "not-found": "That sequence is gone.",
} as const;

export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const session = await requireAdminAction(request, context, formData);
  const intent = formData.get("intent");
  if (intent === "activate" || intent === "pause") {
    const outcome = await changeSequenceStatus(context, {
      id: params.id,
      change: intent,
      actor: session.email,
    });
    if (outcome !== "changed")
      return data(
        { form: intent, error: statusRefusals[outcome] },
        outcome === "not-found" ? 404 : 409,
      );
    return redirect(`/admin/sequences/${params.id}`);
  }
  if (intent === "resend-uncertain") {
    const resent = await sendUncertainEmailAgain(context, {
      id: String(formData.get("id") ?? ""),
      actor: session.email,
    });
    if (resent === "not-uncertain")
      return data(
        { form: "resend-uncertain", error: "That email is no longer waiting for your word." },
        409,
      );
    return redirect(`/admin/sequences/${params.id}`);
  }
  if (intent === "dismiss-uncertain") {
    const dismissed = await dismissUncertain(context, {
      id: String(formData.get("id") ?? ""),
      actor: session.email,
    });
    if (dismissed === "not-uncertain")
      return data(
        { form: "resend-uncertain", error: "That email is no longer waiting for your word." },
        409,
      );
    return redirect(`/admin/sequences/${params.id}#steps`);
  }
  if (intent === "resend-uncertain-step") {
    const resent = await resendUncertainStep(context, {
      sequenceId: params.id,
      stepId: String(formData.get("stepId") ?? ""),
      actor: session.email,
    });
    if (resent === 0)
      return data(
        { form: "resend-uncertain", error: "No email of that step is waiting for your word." },
        409,
      );
    return redirect(`/admin/sequences/${params.id}#steps`);
  }
  if (intent === "add-step") {
    const saved = await saveStep(context, {
      sequenceId: params.id,
      input: stepInput(formData),
      actor: session.email,
    });
    if (saved.outcome === "invalid") return data({ form: "add-step", ...saved }, 400);
    if (saved.outcome !== "saved")
      return data({ form: "add-step", error: "That sequence is gone." }, 404);
    return redirect(`/admin/sequences/${params.id}#steps`);
  }
  if (intent === "settings") {
    const saved = await saveSequence(context, {
      id: params.id,
      input: sequenceInput(formData),
      actor: session.email,
    });
    if (saved.outcome === "invalid") return data({ form: "settings", ...saved }, 400);
    if (saved.outcome !== "saved")
      return data({ form: "settings", error: "That sequence is gone." }, 404);
    return redirect(`/admin/sequences/${params.id}`);
  }
  return data({ form: "none", error: "Unknown action." }, 400);
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <span className="whitespace-nowrap">
      <span className="font-semibold text-foreground">{value}</span> {label}
    </span>
  );
}

/** Who waits at a step for it, and when the next of them get it. */
function WaitingReaders({
  waiting,
  paused,
}: {
  waiting: {
    count: number;
    nextAt: string | null;
    readers: { email: string; at: string | null }[];
  };
  paused: boolean;
}) {
  const when = (at: string | null) =>
    paused || !at ? "when the sequence resumes" : <AdminTime iso={at} />;
  if (waiting.count === 0)
    return (
      <p className="px-4 pb-4 text-sm text-muted-foreground" data-testid="step-waiting">
        Nobody waits for this step.
      </p>
    );
  return (
    <details className="px-4 pb-4 text-sm" data-testid="step-waiting">
      <summary className="cursor-pointer text-muted-foreground">
        <span className="font-semibold text-foreground">{waiting.count}</span>{" "}
        {waiting.count === 1 ? "reader waits" : "readers wait"} for this step; the next get it{" "}
        {when(waiting.nextAt)}
      </summary>
      <table className="mt-2 w-full text-left">
        <caption className="sr-only">Readers waiting for this step</caption>
        <thead>
          <tr className="text-muted-foreground">
            <th scope="col" className="py-1 pr-4 font-medium">
              Reader
            </th>
            <th scope="col" className="py-1 font-medium">
              Gets it
            </th>
          </tr>
        </thead>
        <tbody>
          {waiting.readers.map((reader) => (
            <tr key={reader.email} className="border-t">
              <td className="py-1 pr-4 break-all">{reader.email}</td>
              <td className="py-1">{when(reader.at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {waiting.count > waiting.readers.length && (
        <p className="mt-2 text-muted-foreground">
          And {waiting.count - waiting.readers.length} more after them.
        </p>
      )}
    </details>
  );
}

export default function AdminSequence({ loaderData, actionData }: Route.ComponentProps) {
  const { sequence, steps, others, readers } = loaderData;
  const live = steps.filter((step) => !step.removed_at);
  const removed = steps.filter((step) => step.removed_at);
  const errorsFor = (form: string) =>
    (actionData && actionData.form === form && "fieldErrors" in actionData
      ? actionData.fieldErrors
      : {}) as Record<string, string[]>;
  const alertFor = (form: string) =>
    actionData && actionData.form === form ? <ConsoleAlert>{actionData.error}</ConsoleAlert> : null;
  return (
    <div className="space-y-8">
      <BackLink to="/admin/sequences" label="Sequences" className="-ml-3" />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="min-w-0 text-3xl font-semibold break-words">{sequence.name}</h1>
        <div className="flex items-center gap-3">
          <StatusBadge status={sequence.status} />
          <AdminForm>
            {sequence.status === "active" ? (
              <Button type="submit" name="intent" value="pause" variant="outline">
                Pause
              </Button>
            ) : (
              <Button type="submit" name="intent" value="activate">
                {sequence.status === "paused" ? "Resume" : "Activate"}
              </Button>
            )}
          </AdminForm>
        </div>
      </div>
      {alertFor("activate")}
      {alertFor("pause")}
      <p className="text-sm text-muted-foreground">
        {readers.active ?? 0} in it now · {readers.finished ?? 0} finished ·{" "}
        {(readers.cancelled ?? 0) + (readers.exited ?? 0)} stopped early
        {(readers.uncertain ?? 0) > 0 && (
          <> · {readers.uncertain} may not have had their last email (see the steps below)</>
        )}
      </p>
      {alertFor("resend-uncertain")}

      <section id="steps" className="space-y-4" aria-labelledby="steps-heading">
        <h2 id="steps-heading" className="text-xl font-semibold">
          Steps
        </h2>
        {live.length === 0 ? (
          <p className="rounded-lg border bg-card p-6 text-muted-foreground">
            No step yet. Add the first email below.
          </p>
        ) : (
          <ol className="divide-y rounded-lg border bg-card" data-testid="step-list">
            {live.map((step, index) => (
              <li key={step.id} data-testid="step">
                <Link
                  to={`/admin/sequences/${sequence.id}/steps/${step.id}`}
                  className="flex flex-col gap-1 p-4 hover:bg-muted"
                >
                  <span className="min-w-0 font-medium break-words">
                    {index + 1}. {step.subject}
                  </span>
                  <span
                    className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground"
                    data-testid="step-figures"
                  >
                    <span>
                      {step.delay_days === 0
                        ? "at once"
                        : `${step.delay_days} ${step.delay_days === 1 ? "day" : "days"} later`}
                    </span>
                    <Figure label="sent" value={step.figures.sent} />
                    {step.figures.queued > 0 && (
                      <Figure label="in the outbox" value={step.figures.queued} />
                    )}
                    <Figure label="cancelled, never sent" value={step.figures.cancelled} />
                    {step.figures.uncertain > 0 && (
                      <Figure label="may not have gone out" value={step.figures.uncertain} />
                    )}
                    <Figure
                      label={`hard bounces (${formatRate(step.figures.hardBounceRate)} of sent)`}
                      value={step.figures.hardBounces}
                    />
                    <Figure
                      label={`soft bounces (${formatRate(step.figures.softBounceRate)} of sent)`}
                      value={step.figures.softBounces}
                    />
                    <Figure
                      label={`complaints (${formatRate(step.figures.complaintRate)} of sent)`}
                      value={step.figures.complaints}
                    />
                    <Figure label="unsubscribed after" value={step.figures.unsubscribed} />
                    <Figure label="converted after" value={step.figures.converted} />
                  </span>
                </Link>
                <WaitingReaders waiting={step.waiting} paused={sequence.status !== "active"} />
                {step.uncertain.total > 0 && (
                  <div className="px-4 pb-4">
                    <UncertainEmails
                      {...step.uncertain}
                      headingId={`uncertain-${step.id}`}
                      Heading="h3"
                      resendAll={{ intent: "resend-uncertain-step", stepId: step.id }}
                    />
                  </div>
                )}
              </li>
            ))}
          </ol>
        )}
        {removed.length > 0 && (
          <p className="text-sm text-muted-foreground">
            Removed steps: {removed.map((step) => step.subject).join(", ")}
          </p>
        )}
      </section>

      <section className="space-y-4" aria-labelledby="add-step-heading">
        <h2 id="add-step-heading" className="text-xl font-semibold">
          Add a step
        </h2>
        {alertFor("add-step")}
        {/* Keyed by the step count: a step added clears the form for the next one. */}
        <AdminForm key={steps.length} className="max-w-3xl space-y-5">
          <input type="hidden" name="intent" value="add-step" />
          <StepFields withPosition fieldErrors={errorsFor("add-step")} />
          <Button type="submit">Add step</Button>
        </AdminForm>
      </section>

      <section className="space-y-4" aria-labelledby="settings-heading">
        <h2 id="settings-heading" className="text-xl font-semibold">
          Settings
        </h2>
        {alertFor("settings")}
        <AdminForm className="max-w-3xl space-y-5">
          <input type="hidden" name="intent" value="settings" />
          <SequenceFields sequence={sequence} others={others} fieldErrors={errorsFor("settings")} />
          <Button type="submit" variant="outline">
            Save settings
          </Button>
        </AdminForm>
      </section>
    </div>
  );
}
