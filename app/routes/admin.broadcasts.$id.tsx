import { data, redirect } from "react-router";
import type { Route } from "./+types/admin.broadcasts.$id";
import { AdminForm } from "~/components/admin/admin-form";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTime } from "~/components/admin/admin-time";
import { BroadcastFields } from "~/components/admin/broadcast-fields";
import { BroadcastHistory } from "~/components/admin/broadcast-history";
import { BroadcastPreview } from "~/components/admin/broadcast-preview";
import { BroadcastSendForms } from "~/components/admin/broadcast-send-forms";
import { ProviderOutcomes } from "~/components/admin/provider-outcomes";
import { StatCard } from "~/components/admin/stat-card";
import { StatusBadge } from "~/components/admin/status-badge";
import { BackLink } from "~/components/page/back-link";
import { Button } from "~/components/ui/button";
import { requireAdminAction, requireAdminPage } from "~/.server/admin";
import {
  type SendOutcome,
  audienceOf,
  broadcastInput,
  broadcastReport,
  cancelBroadcast,
  countRecipients,
  draftOf,
  droppedFromLetter,
  findBroadcast,
  personalise,
  publishBroadcast,
  renderBroadcast,
  rescheduleOverdue,
  resendUncertain,
  dismissUncertainBroadcastEmails,
  resumeBroadcast,
  saveBroadcastDraft,
  sendBroadcast,
  sendBroadcastTest,
  sendOverdueNow,
} from "~/.server/broadcasts";
import { readFormBody } from "~/.server/http/request-body";
import { ConsoleAlert } from "~/components/admin/console-message";

/** While emails go out the report reloads itself (a meta refresh: no script needed). */
const refreshingStatuses = new Set(["queued", "sending"]);

export const meta = ({ data: loaderData }: Route.MetaArgs) => [
  ...adminMeta(loaderData?.broadcast.subject ?? "Broadcast"),
  ...(loaderData && refreshingStatuses.has(loaderData.broadcast.status)
    ? [{ httpEquiv: "refresh", content: "5" } as const]
    : []),
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const broadcast = await findBroadcast(context.db, params.id);
  if (!broadcast) throw data("Broadcast not found", 404);
  const draft = draftOf(broadcast);
  const content =
    broadcast.frozen_html && broadcast.frozen_text
      ? { html: broadcast.frozen_html, text: broadcast.frozen_text }
      : await renderBroadcast(context.config, draft);
  const preview = personalise(context.config, content, "PREVIEW");
  const [recipients, report] = await Promise.all([
    countRecipients(context.db, audienceOf(broadcast)),
    broadcast.status === "draft" ? undefined : broadcastReport(context.db, broadcast.id),
  ]);
  return {
    broadcast: {
      id: broadcast.id,
      subject: broadcast.subject,
      status: broadcast.status,
      scheduledAt: broadcast.scheduled_at,
      frozenAt: broadcast.frozen_at,
      pausedAt: broadcast.paused_at,
      pauseReason: broadcast.pause_reason,
      slug: broadcast.published_at ? broadcast.slug : null,
    },
    draft,
    group: audienceOf(broadcast).group,
    recipients,
    report,
    postalAddressSet: Boolean(context.config.MAIL_POSTAL_ADDRESS),
    preview: {
      html: preview.html,
      text: preview.text,
      dropped: droppedFromLetter(draft.bodyMarkdown),
    },
  };
}

const sendMessages: Record<SendOutcome, string> = {
  queued: "Sending: the emails are being queued now.",
  scheduled: "Scheduled.",
  "not-draft": "This broadcast was already sent or scheduled.",
  "not-found": "Broadcast not found.",
  "no-recipients": "Nobody is in this audience yet: there is no one to send it to.",
  past: "Choose a time in the future.",
  "no-postal-address":
    "Bulk email must carry your postal address: set MAIL_POSTAL_ADDRESS in the site's settings, then send.",
};

/** `2026-11-24T09:00` from the form, read as UTC (the field says so). */
function scheduledTime(value: string | null) {
  if (!value || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return undefined;
  const time = new Date(`${value}:00Z`);
  return Number.isNaN(time.getTime()) ? undefined : time;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const session = await requireAdminAction(request, context, formData);
  const id = params.id;
  const actor = session.email;
  switch (formData.get("intent")) {
    case "save": {
      const saved = await saveBroadcastDraft(context, {
        id,
        input: broadcastInput(formData),
        actor,
      });
      if (saved.outcome === "invalid") return data(saved, 400);
      if (saved.outcome === "not-draft")
        return data({ error: "Only a draft can change: this one was sent or scheduled." }, 409);
      return { notice: "Draft saved." };
    }
    case "test": {
      const sent = await sendBroadcastTest(context, { id, to: session.email, actor });
      if (sent === "not-found") throw data("Broadcast not found", 404);
      return { notice: `Test sent to ${session.email}.` };
    }
    case "send":
    case "schedule": {
      const scheduledAt =
        formData.get("intent") === "schedule"
          ? scheduledTime(formData.get("scheduledAt"))
          : undefined;
      if (formData.get("intent") === "schedule" && !scheduledAt)
        return data({ error: "Give the date and time (UTC) to send it." }, 400);
      const outcome = await sendBroadcast(context, { id, actor, scheduledAt });
      if (outcome === "not-found") throw data("Broadcast not found", 404);
      if (outcome !== "queued" && outcome !== "scheduled")
        return data({ error: sendMessages[outcome] }, outcome === "not-draft" ? 409 : 400);
      return redirect(`/admin/broadcasts/${id}`);
    }
    case "cancel": {
      const outcome = await cancelBroadcast(context, { id, actor });
      if (outcome === "not-pending")
        return data({ error: "Nothing is left to cancel: it was sent or stopped." }, 409);
      return { notice: "Cancelled: no further email of it goes out." };
    }
    case "resume": {
      const outcome = await resumeBroadcast(context, { id, actor });
      if (outcome === "not-paused")
        return data({ error: "This broadcast is not paused any more." }, 409);
      return { notice: "Resumed: the emails kept aside go out again." };
    }
    case "send-overdue": {
      const outcome = await sendOverdueNow(context, { id, actor });
      if (outcome === "not-overdue")
        return data({ error: "This broadcast is not waiting for your word any more." }, 409);
      return redirect(`/admin/broadcasts/${id}`);
    }
    case "reschedule": {
      const scheduledAt = scheduledTime(formData.get("scheduledAt"));
      if (!scheduledAt) return data({ error: "Give the date and time (UTC) to send it." }, 400);
      const outcome = await rescheduleOverdue(context, { id, actor, scheduledAt });
      if (outcome === "past") return data({ error: sendMessages.past }, 400);
      if (outcome === "not-overdue")
        return data({ error: "This broadcast is not waiting for your word any more." }, 409);
      return redirect(`/admin/broadcasts/${id}`);
    }
    case "resend-uncertain": {
      const requeued = await resendUncertain(context, { id, actor });
      if (requeued === 0) return data({ error: "No email is waiting for your word." }, 409);
      return { notice: `Sending ${requeued} email${requeued === 1 ? "" : "s"} again.` };
    }
    case "dismiss-uncertain": {
      const dismissed = await dismissUncertainBroadcastEmails(context, { id, actor });
      if (dismissed === 0) return data({ error: "No email is waiting for your word." }, 409);
      return {
        notice: `Dismissed ${dismissed} email${dismissed === 1 ? "" : "s"}: counted as sent.`,
      };
    }
    case "publish": {
      const published = await publishBroadcast(context, { id, actor });
      if (published.outcome === "not-sent")
        return data({ error: "Only a sent broadcast can be published." }, 409);
      if (published.outcome === "private")
        return data({ error: "A letter to a group stays out of the public archive." }, 409);
      return { notice: `Published at /newsletter/${published.slug}.` };
    }
    default:
      return data({ error: "Unknown action." }, 400);
  }
}

function Report({
  id,
  report,
}: {
  id: string;
  report: NonNullable<Route.ComponentProps["loaderData"]["report"]>;
}) {
  const figures = [
    { label: "Queued", value: report.queued },
    { label: "Sent", value: report.sent },
    { label: "To go", value: report.pending },
    { label: "Deferred", value: report.deferred, detail: "Refused for now: tried again later" },
    { label: "Held", value: report.held, detail: "Kept aside while paused" },
    { label: "Bounced", value: report.bounced, detail: "No such address: marked bounced" },
    { label: "Failed", value: report.failed, detail: "Given up on for another reason" },
    {
      label: "May not have gone out",
      value: report.uncertain,
      detail: "In flight when the server stopped",
    },
    {
      label: "Not sent",
      value: report.skipped,
      detail: "Left or bounced after queueing, or cancelled",
    },
    { label: "Unsubscribed since", value: report.unsubscribedSince },
  ];
  return (
    <section aria-labelledby="report" className="space-y-3">
      <h2 id="report" className="text-lg font-semibold">
        Report
      </h2>
      <p className="text-sm" data-testid="broadcast-times">
        {report.startedAt ? (
          <>
            Started <AdminTime iso={report.startedAt} />
            {report.finishedAt ? (
              <>
                , finished <AdminTime iso={report.finishedAt} />.
              </>
            ) : (
              ", not finished yet."
            )}
          </>
        ) : (
          "Not started yet."
        )}
      </p>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5" data-testid="broadcast-report">
        {figures.map((figure) => (
          <StatCard key={figure.label} {...figure} />
        ))}
      </div>
      <h3 className="font-semibold">After delivery</h3>
      <ProviderOutcomes figures={report.afterDelivery} testId="broadcast-after-delivery" />
      {report.uncertain > 0 && (
        <AdminForm className="flex flex-wrap items-center gap-3">
          <p className="text-sm">
            {report.uncertain} email{report.uncertain === 1 ? "" : "s"} may not have gone out (the
            site stopped mid-send, or the mail server never answered):{" "}
            {report.uncertain === 1 ? "it" : "they"} may have arrived. Sending again may reach
            someone twice.
          </p>
          <Button type="submit" name="intent" value="resend-uncertain" variant="outline">
            Send {report.uncertain === 1 ? "it" : "them"} again
          </Button>
          <Button type="submit" name="intent" value="dismiss-uncertain" variant="ghost">
            Dismiss {report.uncertain === 1 ? "it" : "them"}: count as sent
          </Button>
        </AdminForm>
      )}
      <BroadcastHistory
        pauses={report.pauses}
        refusals={report.refusals}
        retries={report.retries}
        uncertainEmails={report.uncertainEmails}
        csvHref={`/admin/broadcasts/${id}/report.csv`}
      />
    </section>
  );
}

export default function AdminBroadcast({ loaderData, actionData }: Route.ComponentProps) {
  const { broadcast, draft, group, recipients, report, preview, postalAddressSet } = loaderData;
  const isDraft = broadcast.status === "draft";
  const pending = ["scheduled", "overdue", "queued", "sending", "paused"].includes(
    broadcast.status,
  );
  const fieldErrors = (
    actionData && "fieldErrors" in actionData ? actionData.fieldErrors : {}
  ) as Record<string, string[]>;
  return (
    <div className="space-y-6">
      <BackLink to="/admin/broadcasts" label="Broadcasts" className="-ml-3" />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 text-3xl font-semibold break-words">{broadcast.subject}</h1>
        <span data-testid="broadcast-status">
          <StatusBadge status={broadcast.status} />
        </span>
      </div>
      {group && !isDraft && (
        <p className="text-sm text-muted-foreground" data-testid="broadcast-group">
          To: {group.label}
        </p>
      )}
      {actionData && (
        <p
          role={"error" in actionData ? "alert" : "status"}
          className="rounded-md border bg-card p-3 text-sm"
        >
          {"error" in actionData ? actionData.error : actionData.notice}
        </p>
      )}
      {broadcast.scheduledAt && broadcast.status === "scheduled" && (
        <p>
          Goes out <AdminTime iso={broadcast.scheduledAt} />.
        </p>
      )}
      {broadcast.status === "overdue" && (
        <div
          className="space-y-3 rounded-md border border-destructive p-4"
          data-testid="broadcast-overdue"
        >
          <p className="font-semibold">
            Not sent: it was due
            {broadcast.scheduledAt && (
              <>
                {" "}
                <AdminTime iso={broadcast.scheduledAt} />
              </>
            )}
            , while the site was down. Send it now, or choose a new time.
          </p>
          <div className="flex flex-wrap items-end gap-3">
            <BroadcastSendForms
              recipients={recipients}
              sendIntent="send-overdue"
              scheduleIntent="reschedule"
              timeId="rescheduleAt"
              timeLabel="New time (UTC)"
              scheduleLabel="Reschedule"
            />
          </div>
        </div>
      )}
      {broadcast.status === "paused" && (
        <div
          className="space-y-3 rounded-md border border-destructive p-4"
          data-testid="broadcast-paused"
        >
          <p className="font-semibold">
            Paused
            {broadcast.pausedAt && (
              <>
                {" "}
                <AdminTime iso={broadcast.pausedAt} />
              </>
            )}
            : nobody was marked bounced for it, and the emails not yet sent are kept.
          </p>
          <p className="text-sm break-words">{broadcast.pauseReason}</p>
          <AdminForm>
            <Button type="submit" name="intent" value="resume">
              Resume sending
            </Button>
          </AdminForm>
        </div>
      )}
      {isDraft && !postalAddressSet && (
        <ConsoleAlert>{sendMessages["no-postal-address"]}</ConsoleAlert>
      )}
      {report && <Report id={broadcast.id} report={report} />}
      {isDraft && (
        <AdminForm className="max-w-3xl space-y-5">
          <BroadcastFields
            draft={draft}
            group={group}
            recipients={recipients}
            fieldErrors={fieldErrors}
          />
          <Button type="submit" name="intent" value="save">
            Save draft
          </Button>
        </AdminForm>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <AdminForm>
          <Button type="submit" name="intent" value="test" variant="outline">
            Send a test to me
          </Button>
        </AdminForm>
        {isDraft && (
          <BroadcastSendForms
            recipients={recipients}
            sendIntent="send"
            scheduleIntent="schedule"
            timeId="scheduledAt"
            timeLabel="Send at (UTC)"
            scheduleLabel="Schedule"
          />
        )}
        {pending && (
          <AdminForm>
            <Button type="submit" name="intent" value="cancel" variant="destructive">
              Cancel sending
            </Button>
          </AdminForm>
        )}
        {["sending", "sent"].includes(broadcast.status) &&
          !group &&
          (broadcast.slug ? (
            <a href={`/newsletter/${broadcast.slug}`} className="text-sm underline">
              In the archive: /newsletter/{broadcast.slug}
            </a>
          ) : (
            <AdminForm>
              <Button type="submit" name="intent" value="publish" variant="outline">
                Publish to the archive
              </Button>
            </AdminForm>
          ))}
      </div>
      {isDraft && (
        <p className="text-sm text-muted-foreground">
          Save the draft to see your changes in the preview and the test.
        </p>
      )}
      <BroadcastPreview html={preview.html} text={preview.text} dropped={preview.dropped} />
    </div>
  );
}
