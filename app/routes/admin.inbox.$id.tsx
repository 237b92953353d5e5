import { data, redirect } from "react-router";
import type { Route } from "./+types/admin.inbox.$id";
import { AdminForm } from "~/components/admin/admin-form";
import { AdminTime } from "~/components/admin/admin-time";
import { adminMeta } from "~/components/admin/admin-meta";
import { StatusBadge } from "~/components/admin/status-badge";
import { BackLink } from "~/components/page/back-link";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import {
  changeMessageStatus,
  findInboxMessage,
  requireAdminAction,
  requireAdminPage,
} from "~/.server/admin";
import { openDealFromMessage } from "~/.server/deals";
import { inboxStatuses } from "~/lib/admin-statuses";
import { readFormBody } from "~/.server/http/request-body";

export const meta = () => adminMeta("Message");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const message = await findInboxMessage(context.db, params.id);
  if (!message) throw data("Message not found", 404);
  return { message };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const session = await requireAdminAction(request, context, formData);
  if (formData.get("intent") === "open-deal") {
    // The message's deal: opened now, or the one it has.
    const deal = await openDealFromMessage(context, { messageId: params.id, actor: session.email });
    if (deal.outcome === "not-found") throw data("Message not found", 404);
    return redirect(`/admin/pipeline/${deal.id}`);
  }
  const status = inboxStatuses.find((value) => value === formData.get("status"));
  if (!status) return data({ error: "Choose new, replied or archived." }, 400);
  const outcome = await changeMessageStatus(context, {
    id: params.id,
    status,
    actor: session.email,
  });
  if (outcome === "not-found") throw data("Message not found", 404);
  return redirect(`/admin/inbox/${params.id}`);
}

const nextSteps = {
  new: [
    { status: "replied", label: "Mark as replied" },
    { status: "archived", label: "Archive" },
  ],
  replied: [
    { status: "archived", label: "Archive" },
    { status: "new", label: "Mark as new" },
  ],
  archived: [{ status: "new", label: "Move back to new" }],
} as const;

export default function AdminInboxMessage({ loaderData: { message } }: Route.ComponentProps) {
  const name = `${message.first_name} ${message.last_name}`;
  const subject = `Re: ${message.interest}`;
  const mailto = `mailto:${encodeURIComponent(message.email)}?subject=${encodeURIComponent(subject)}`;
  return (
    <div className="space-y-6">
      <BackLink to="/admin/inbox" label="Inbox" className="-ml-3" />
      <Card>
        <CardHeader className="gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h1 className="min-w-0 text-2xl font-semibold wrap-anywhere">{name}</h1>
            <span data-testid="message-status">
              <StatusBadge status={message.status} />
            </span>
          </div>
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-muted-foreground">Email</dt>
            <dd className="break-all">{message.email}</dd>
            {message.company && (
              <>
                <dt className="text-muted-foreground">Company</dt>
                <dd className="wrap-anywhere">{message.company}</dd>
              </>
            )}
            <dt className="text-muted-foreground">Interest</dt>
            <dd>{message.interest}</dd>
            <dt className="text-muted-foreground">Received</dt>
            <dd>
              <AdminTime iso={message.created_at} />
            </dd>
          </dl>
        </CardHeader>
        <CardContent>
          <p
            className="rounded-md bg-muted p-4 wrap-anywhere whitespace-pre-wrap"
            data-testid="message-text"
          >
            {message.message}
          </p>
        </CardContent>
      </Card>
      <div className="flex flex-wrap gap-3">
        <a href={mailto} className={buttonVariants()}>
          Reply by email
        </a>
        <AdminForm>
          <input type="hidden" name="intent" value="open-deal" />
          <Button type="submit" variant="outline">
            Open a deal
          </Button>
        </AdminForm>
        {nextSteps[message.status].map((step) => (
          <AdminForm key={step.status}>
            <input type="hidden" name="status" value={step.status} />
            <Button type="submit" variant="outline">
              {step.label}
            </Button>
          </AdminForm>
        ))}
      </div>
    </div>
  );
}
