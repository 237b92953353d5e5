import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/admin.people.$id";
import { AdminForm } from "~/components/admin/admin-form";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTime } from "~/components/admin/admin-time";
import { StatusBadge } from "~/components/admin/status-badge";
import { BackLink } from "~/components/page/back-link";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { requireAdminAction, requireAdminPage } from "~/.server/admin";
import {
  findPersonRecord,
  personTimeline,
  resendConfirmation,
  unsubscribePerson,
} from "~/.server/audience";
import { readFormBody } from "~/.server/http/request-body";
import { dealsOfPerson } from "~/.server/deals";
import { personDeliveryTimeline } from "~/.server/deliverability";
import { personSequenceEmails } from "~/.server/sequences";
import { listNames } from "~/lib/lists";
import { dealStageLabels } from "~/lib/deal-schema";
import { dealValueLabel } from "~/components/admin/deals/deal-stage-form";

export const meta = () => adminMeta("Person");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const record = await findPersonRecord(context.db, params.id);
  if (!record) throw data("Person not found", 404);
  return {
    person: record.person,
    memberships: record.memberships.map(({ list, status }) => ({ list, status })),
    // Newest first, the delivery events (deliverability sits above audience) among the rest.
    timeline: [...personTimeline(record), ...(await personDeliveryTimeline(context.db, params.id))]
      .sort((a, b) => a.at.localeCompare(b.at))
      .reverse(),
    sources: record.attributions,
    sequenceEmails: await personSequenceEmails(context.db, params.id),
    deals: await dealsOfPerson(context.db, params.id),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const session = await requireAdminAction(request, context, formData);
  const list = listNames.find((name) => name === formData.get("list"));
  const intent = formData.get("intent");
  if (!list) return data({ message: "Unknown list." }, 400);
  const target = { personId: params.id, list, actor: session.email };
  if (intent === "unsubscribe") {
    await unsubscribePerson(context, target);
    return redirect(`/admin/people/${params.id}`);
  }
  if (intent !== "resend-confirmation") return data({ message: "Unknown action." }, 400);
  const outcome = await resendConfirmation(context, target);
  return outcome === "sent"
    ? { message: `The ${list} confirmation email is on its way again.` }
    : data({ message: resendRefusals[outcome](list) }, outcome === "cooling" ? 429 : 409);
}

const resendRefusals = {
  cooling: (list: string) =>
    `A ${list} confirmation went out less than an hour ago: give it time to arrive first.`,
  "not-pending": (list: string) => `Only a pending ${list} signup can be sent its confirmation.`,
};

const unsubscribeLabels = {
  newsletter: "Unsubscribe from the newsletter",
  waitlist: "Remove from the waitlist",
} as const;

const kindLabels = {
  list: "Lists",
  message: "Message",
  order: "Order",
  email: "Email",
  booking: "Session",
  workshop: "Workshop",
  delivery: "Delivery",
} as const;

export default function AdminPerson({ loaderData, actionData }: Route.ComponentProps) {
  const { person, memberships, timeline, sources, sequenceEmails, deals } = loaderData;
  const name = [person.first_name, person.last_name].filter(Boolean).join(" ");
  return (
    <div className="space-y-6">
      <BackLink to="/admin/people" label="People" className="-ml-3" />
      <Card>
        <CardHeader className="gap-3">
          <h1 className="text-2xl font-semibold break-words">{name || person.email}</h1>
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-muted-foreground">Email</dt>
            <dd className="break-words" data-testid="person-email">
              {person.email}
            </dd>
            <dt className="text-muted-foreground">Source</dt>
            <dd>{person.source}</dd>
            <dt className="text-muted-foreground">First seen</dt>
            <dd>
              <AdminTime iso={person.first_seen_at} />
            </dd>
            <dt className="text-muted-foreground">Last seen</dt>
            <dd>
              <AdminTime iso={person.last_seen_at} />
            </dd>
            {person.bounced_at && (
              <>
                <dt className="text-muted-foreground">Bounced</dt>
                <dd className="break-words text-destructive" data-testid="person-bounced">
                  <AdminTime iso={person.bounced_at} />: the mail server refused this address for
                  good ({person.bounce_reason}). Broadcasts skip it.
                </dd>
              </>
            )}
            <dt className="text-muted-foreground">Lists</dt>
            <dd className="flex flex-wrap gap-2" data-testid="person-lists">
              {memberships.map(({ list, status }) => (
                <StatusBadge key={list} label={list} status={status} />
              ))}
              {memberships.length === 0 && "none"}
            </dd>
          </dl>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          {memberships
            .filter(({ status }) => status === "pending")
            .map(({ list }) => (
              <AdminForm key={`resend-${list}`}>
                <input type="hidden" name="intent" value="resend-confirmation" />
                <input type="hidden" name="list" value={list} />
                <Button type="submit" variant="outline">
                  {`Resend the ${list} confirmation`}
                </Button>
              </AdminForm>
            ))}
          {memberships
            .filter(({ status }) => status !== "unsubscribed")
            .map(({ list }) => (
              <AdminForm key={list}>
                <input type="hidden" name="intent" value="unsubscribe" />
                <input type="hidden" name="list" value={list} />
                <Button type="submit" variant="outline">
                  {unsubscribeLabels[list]}
                </Button>
              </AdminForm>
            ))}
          <a
            href={`/admin/people/${person.id}/export`}
            className={buttonVariants({ variant: "outline" })}
            download
          >
            Export all data (JSON)
          </a>
          <Link
            to={`/admin/people/${person.id}/erase`}
            className={buttonVariants({ variant: "destructive" })}
          >
            Erase…
          </Link>
        </CardContent>
        {actionData && (
          <CardContent>
            <p
              role="status"
              className="rounded-md border bg-card p-3 text-sm"
              data-testid="person-action-result"
            >
              {actionData.message}
            </p>
          </CardContent>
        )}
      </Card>
      <section aria-labelledby="sources" className="space-y-3">
        <h2 id="sources" className="text-lg font-semibold">
          Where they came from
        </h2>
        {sources.length === 0 ? (
          <p className="text-sm text-muted-foreground">No lead or sale with a source yet.</p>
        ) : (
          <ul className="divide-y rounded-lg border bg-card text-sm" data-testid="person-sources">
            {sources.map((source) => (
              <li key={`${source.conversion}-${source.converted_at}`} className="p-4 wrap-anywhere">
                <span className="font-medium">{source.conversion.replaceAll("_", " ")}</span>:{" "}
                {[
                  source.source,
                  source.utm_medium && `medium ${source.utm_medium}`,
                  source.utm_campaign && `campaign ${source.utm_campaign}`,
                  source.landing_path && `landed on ${source.landing_path}`,
                  source.conversion_path && `converted on ${source.conversion_path}`,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="deals" className="space-y-3">
        <h2 id="deals" className="text-lg font-semibold">
          Deals
        </h2>
        {deals.length === 0 ? (
          <p className="text-sm text-muted-foreground">No deal yet.</p>
        ) : (
          <ul className="divide-y rounded-lg border bg-card text-sm" data-testid="person-deals">
            {deals.map((deal) => (
              <li key={deal.id} className="flex flex-wrap items-center gap-2 p-4">
                <Link
                  to={`/admin/pipeline/${deal.id}`}
                  className="min-w-0 font-medium wrap-anywhere underline underline-offset-4"
                >
                  {deal.title}
                </Link>
                <Badge variant="outline">{dealStageLabels[deal.stage]}</Badge>
                <span className="text-muted-foreground">
                  {deal.interest}, {dealValueLabel(deal.value_cents)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="sequence-emails" className="space-y-3">
        <h2 id="sequence-emails" className="text-lg font-semibold">
          Sequence emails
        </h2>
        {sequenceEmails.length === 0 ? (
          <p className="text-sm text-muted-foreground">No sequence email yet.</p>
        ) : (
          <ul
            className="divide-y rounded-lg border bg-card text-sm"
            data-testid="person-sequence-emails"
          >
            {sequenceEmails.map((email) => (
              <li key={email.id} className="flex flex-wrap items-center gap-2 p-4">
                <Link
                  to={`/admin/sequences/${email.sequenceId}`}
                  className="font-medium underline underline-offset-4"
                >
                  {email.sequenceName}
                </Link>
                <span className="min-w-0 break-words">{email.sentSubject ?? email.subject}</span>
                <span className="text-muted-foreground" data-testid="sequence-email-version">
                  version {email.version}
                  {email.currentVersion > email.version &&
                    ` (step now at version ${email.currentVersion})`}
                </span>
                {email.emailStatus && <StatusBadge status={email.emailStatus} />}
                <AdminTime iso={email.queued_at} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="history" className="space-y-3">
        <h2 id="history" className="text-lg font-semibold">
          History
        </h2>
        <ol className="divide-y rounded-lg border bg-card" data-testid="person-timeline">
          {timeline.map((event, index) => (
            <li key={index} className="space-y-1 p-4">
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <Badge variant="outline">{kindLabels[event.kind]}</Badge>
                {/* A signup's title names its page, which may be a long address with no space. */}
                <span className="min-w-0 font-medium wrap-anywhere">
                  {event.href ? (
                    <Link to={event.href} className="underline underline-offset-4">
                      {event.title}
                    </Link>
                  ) : (
                    event.title
                  )}
                </span>
              </p>
              {event.detail && (
                <p className="line-clamp-3 text-sm break-words text-muted-foreground">
                  {event.detail}
                </p>
              )}
              <p className="text-xs text-muted-foreground">
                <AdminTime iso={event.at} />
              </p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
