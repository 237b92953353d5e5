import { data, Link } from "react-router";
import type { Route } from "./+types/admin.email";
import { AdminForm } from "~/components/admin/admin-form";
import { AdminTime } from "~/components/admin/admin-time";
import { adminMeta } from "~/components/admin/admin-meta";
import { StatusBadge } from "~/components/admin/status-badge";
import { StatCard } from "~/components/admin/stat-card";
import { Button } from "~/components/ui/button";
import {
  failedEmails,
  outboxCounts,
  requireAdminAction,
  requireAdminPage,
  retryFailedEmail,
  sendUncertainEmailAgain,
  uncertainEmails,
  dismissUncertain,
} from "~/.server/admin";
import { UncertainEmails } from "~/components/admin/uncertain-emails";
import { outboxStatuses } from "~/lib/admin-statuses";
import { readFormBody } from "~/.server/http/request-body";
import { ConsoleNotice } from "~/components/admin/console-message";
import { DeliveryRateLines } from "~/components/admin/delivery-rate-lines";
import { recentDeliveryRates } from "~/.server/deliverability";

export const meta = () => adminMeta("Email health");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const [counts, failed, uncertain, rates] = await Promise.all([
    outboxCounts(context.db),
    failedEmails(context.db),
    uncertainEmails(context.db),
    recentDeliveryRates(context.db, context.clock.now()),
  ]);
  return { counts, failed, uncertain, rates };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const session = await requireAdminAction(request, context, formData);
  if (formData.get("intent") === "dismiss-uncertain") {
    const dismissed = await dismissUncertain(context, {
      id: String(formData.get("id") ?? ""),
      actor: session.email,
    });
    if (dismissed === "not-uncertain")
      return data({ error: "That email is no longer waiting for your word." }, 409);
    return { dismissed: true };
  }
  if (formData.get("intent") === "resend-uncertain") {
    const resent = await sendUncertainEmailAgain(context, {
      id: String(formData.get("id") ?? ""),
      actor: session.email,
    });
    if (resent === "not-uncertain")
      return data({ error: "That email is no longer waiting for your word." }, 409);
    return { retried: true };
  }
  const outcome = await retryFailedEmail(context, {
    id: String(formData.get("id") ?? ""),
    actor: session.email,
  });
  if (outcome === "not-failed")
    return data({ error: "That email is not waiting for a retry." }, 409);
  return { retried: true };
}

export default function AdminEmail({
  loaderData: { counts, failed, uncertain, rates },
  actionData,
}: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-semibold">Email health</h1>
      <p>
        <Link to="/admin/email/suppressed" className="underline">
          Suppressed addresses
        </Link>{" "}
        <span className="text-muted-foreground">(bounced or complained: no list email)</span>
      </p>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="outbox-counts">
        {outboxStatuses.map((status) => (
          <StatCard
            key={status}
            label={status[0]!.toUpperCase() + status.slice(1)}
            value={counts[status]}
          />
        ))}
      </div>
      <DeliveryRateLines rates={rates} />
      {actionData && (
        <ConsoleNotice>
          {"error" in actionData
            ? actionData.error
            : "dismissed" in actionData
              ? "Dismissed: the email counts as sent and is not sent again."
              : "Queued again: the worker is sending it now."}
        </ConsoleNotice>
      )}
      <UncertainEmails emails={uncertain} total={counts.uncertain} />
      <section aria-labelledby="failed" className="space-y-3">
        <h2 id="failed" className="text-lg font-semibold">
          Failed emails
        </h2>
        {failed.length === 0 ? (
          <p className="rounded-lg border bg-card p-6 text-muted-foreground">
            {counts.uncertain === 0 ? "Every email went out." : "No email failed."}
          </p>
        ) : (
          <ul className="divide-y rounded-lg border bg-card" data-testid="failed-emails">
            {failed.map((email) => (
              <li
                key={email.id}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between"
              >
                <div className="min-w-0 space-y-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <StatusBadge status="failed" />
                    <span className="font-medium">{email.subject}</span>
                  </p>
                  <p className="text-sm break-words text-muted-foreground">
                    To {email.to_address} · {email.purpose} · {email.attempts} attempts ·{" "}
                    <AdminTime iso={email.created_at} />
                  </p>
                  <p className="text-sm break-words text-destructive">
                    {email.last_error ?? "No error recorded"}
                  </p>
                </div>
                <AdminForm>
                  <input type="hidden" name="id" value={email.id} />
                  <Button type="submit" variant="outline" size="sm">
                    Retry
                  </Button>
                </AdminForm>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
