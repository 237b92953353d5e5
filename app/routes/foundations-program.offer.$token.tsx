import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/foundations-program.offer.$token";
import {
  firstFieldToFix,
  RegistrationForm,
  type CohortAnswer,
} from "~/components/workshops/cohort-list";
import { pageSeo } from "~/.server/content/page-seo";
import { readFormBody } from "~/.server/http/request-body";
import { loadOffer, startRegistration } from "~/.server/workshops";
import { metaFromLoaderData } from "~/lib/route-meta";

/** A waiting-list offer's personal page: the seat kept for this person, and the way to take it. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const offer = await loadOffer(context, params.token);
  return data(
    {
      offer,
      meta: pageSeo({
        title: "Your seat at the Foundations workshop",
        description: "A seat kept for you from the waiting list.",
        path: "/foundations-program",
        noindex: true,
      }),
    },
    { status: offer.state === "open" ? 200 : offer.state === "invalid" ? 404 : 410 },
  );
}

export const meta = metaFromLoaderData;

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readFormBody(request);
  const fields = Object.fromEntries(form);
  const outcome = await startRegistration(context, {
    fields,
    clientAddress: context.clientAddress,
    offerToken: params.token,
    source: "waiting-list offer",
  });
  if (outcome.outcome === "opened") return redirect(outcome.url, 303);
  const answer: CohortAnswer = {
    cohortId: String(fields.cohortId ?? ""),
    form: "register",
    state: outcome.outcome === "invalid" ? "invalid" : "failed",
    message:
      outcome.outcome === "invalid"
        ? outcome.error
        : outcome.outcome === "provider-failed"
          ? "The payment page could not be opened; your offer still stands. Please try again."
          : "This offer can no longer be used.",
    fieldErrors: outcome.outcome === "invalid" ? outcome.fieldErrors : undefined,
    values: {
      name: String(fields.name ?? "").slice(0, 200),
      email: String(fields.email ?? "").slice(0, 300),
      payment: fields.payment === "full" ? "full" : "deposit",
    },
  };
  return data({ answer }, outcome.outcome === "invalid" ? 400 : 409);
}

export default function WorkshopOffer({ loaderData, actionData, params }: Route.ComponentProps) {
  const { offer } = loaderData;
  return (
    <section className="container-page max-w-2xl space-y-6 py-24">
      {offer.state === "open" ? (
        <>
          <h1 className="text-4xl font-semibold text-primary">A seat is kept for you</h1>
          <p>
            {`${offer.cohort.title}, ${offer.cohort.when}, ${offer.cohort.place}. The seat is yours until `}
            <time dateTime={offer.until}>{new Date(offer.until).toUTCString()}</time>.
          </p>
          {actionData?.answer && (
            <p
              role="alert"
              tabIndex={-1}
              autoFocus={!firstFieldToFix(actionData.answer)}
              className="rounded-md border p-3 text-sm"
            >
              {actionData.answer.message}
            </p>
          )}
          <RegistrationForm
            cohort={offer.cohort}
            answer={actionData?.answer}
            action={`/foundations-program/offer/${params.token}`}
            offerToken={params.token}
            defaults={offer.person}
          />
        </>
      ) : (
        <>
          <h1 className="text-4xl font-semibold text-primary">
            {offer.state === "used" ? "You have used this offer" : "This offer has ended"}
          </h1>
          <p>
            {offer.state === "used"
              ? "You registered with it already; check your email for the confirmation."
              : "The seat has passed to the next person in line."}
          </p>
          <Link to="/foundations-program#cohorts" className="underline">
            See the dates
          </Link>
        </>
      )}
    </section>
  );
}
