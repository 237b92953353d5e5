import { data, Form, Link } from "react-router";
import type { Route } from "./+types/foundations-program.cancel.$token";
import { Button } from "~/components/ui/button";
import { pageSeo } from "~/.server/content/page-seo";
import { readFormBody } from "~/.server/http/request-body";
import { cancelRegistration, loadCancellation, type CancellationView } from "~/.server/workshops";
import { metaFromLoaderData } from "~/lib/route-meta";
import { dollars } from "~/lib/workshop-schema";

// Built per request: pageSeo reads the configuration, which must not load at import time.
const seo = () =>
  pageSeo({
    title: "Cancel your Foundations workshop registration",
    description: "Cancel your seat at the Foundations workshop.",
    path: "/foundations-program",
    noindex: true,
  });

const statusOf = (view: CancellationView) =>
  view.state === "open" ? 200 : view.state === "invalid" ? 404 : 410;

/** An attendee's cancellation link: what the owner's policy gives today, and the button. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const view = await loadCancellation(context, params.token);
  return data({ view, meta: seo() }, { status: statusOf(view) });
}

export const meta = metaFromLoaderData;

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readFormBody(request);
  const { stripe } = context;
  if (!stripe)
    return data({ message: "Cancellations are closed just now; please write to us instead." }, 503);
  const outcome = await cancelRegistration(
    { ...context, stripe },
    { token: params.token, fields: Object.fromEntries(form), clientAddress: context.clientAddress },
  );
  switch (outcome.outcome) {
    case "cancelled":
      return { done: outcome.policy };
    case "spent":
    case "closed":
      return data({ message: "This registration can no longer be cancelled here." }, 409);
    case "policy-changed":
      return data(
        { message: "The day has turned and the policy gives something else now: read it again." },
        409,
      );
    case "rate-limited":
      return data({ message: "Too many tries from here; please wait a few minutes." }, 429);
    case "provider-failed":
      return data(
        { message: "The refund could not be made just now; nothing changed. Please try again." },
        502,
      );
    default:
      return data({ message: "This cancellation link is not valid." }, 400);
  }
}

function SpentOrClosed({ view }: { view: Exclude<CancellationView, { state: "open" }> }) {
  const [title, text] =
    view.state === "spent"
      ? [
          "This registration is already cancelled",
          view.outcome === "refund"
            ? "The link has been used: your payment was refunded. Check your email for the confirmation."
            : view.outcome === "credit"
              ? "The link has been used: you keep a credit toward a later cohort."
              : "Your payment was refunded; there is nothing left to cancel.",
        ]
      : view.state === "closed"
        ? [
            "This registration cannot be cancelled here",
            view.reason === "started"
              ? "The workshop has begun. Please write to us."
              : "It was never completed, so there is nothing to cancel.",
          ]
        : ["This link is not valid", "Check that the whole address from your email was used."];
  return (
    <>
      <h1 className="text-4xl font-semibold text-primary">{title}</h1>
      <p>{text}</p>
      <Link to="/foundations-program" className="underline">
        About the Foundations workshop
      </Link>
    </>
  );
}

export default function CancelRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const { view } = loaderData;
  const answer = actionData as
    | { done: { outcome: "refund" | "credit"; cents: number }; message?: undefined }
    | { message: string; done?: undefined }
    | undefined;
  return (
    <section className="container-page max-w-2xl space-y-6 py-24" data-testid="cancellation">
      {answer?.done ? (
        <>
          <h1 className="text-4xl font-semibold text-primary">Your registration is cancelled</h1>
          <p role="status">
            {answer.done.outcome === "refund"
              ? `We have refunded ${dollars(answer.done.cents)}; your bank shows it within a few days.`
              : `You keep a credit of ${dollars(answer.done.cents)} toward a later cohort.`}{" "}
            An email confirms it, and your seat goes to the next person waiting.
          </p>
        </>
      ) : view.state === "open" ? (
        <>
          <h1 className="text-4xl font-semibold text-primary">Cancel your registration</h1>
          <p>{`${view.name}, your seat: ${view.cohort.title}, ${view.cohort.when}, ${view.cohort.place}.`}</p>
          <div className="space-y-2 rounded-lg border bg-card p-6" data-testid="policy">
            <h2 className="text-xl font-semibold">What cancelling gives you today</h2>
            <p>
              {view.policy.outcome === "refund"
                ? `A full refund of ${dollars(view.policy.cents)} to your card: cancellations until ${view.policy.refundUntil} are refunded in full.`
                : `A credit of ${dollars(view.policy.cents)} toward a later cohort: full refunds ended on ${view.policy.refundUntil}.`}
            </p>
          </div>
          {answer?.message && (
            <p role="alert" className="rounded-md border p-3 text-sm">
              {answer.message}
            </p>
          )}
          <Form method="post">
            <input type="hidden" name="expected" value={view.policy.outcome} />
            <Button type="submit" variant="destructive">
              {view.policy.outcome === "refund"
                ? `Cancel and refund ${dollars(view.policy.cents)}`
                : `Cancel and keep a ${dollars(view.policy.cents)} credit`}
            </Button>
          </Form>
          <p className="text-sm text-muted-foreground">
            Changed your mind? Keep this email; the link works until the workshop begins.
          </p>
        </>
      ) : (
        <SpentOrClosed view={view} />
      )}
    </section>
  );
}
