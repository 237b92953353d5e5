import { data, Link } from "react-router";
import type { Route } from "./+types/foundations-program.registered";
import { pageSeo } from "~/.server/content/page-seo";
import { lookUpRegistration, type RegistrationResult } from "~/.server/workshops";
import { metaFromLoaderData } from "~/lib/route-meta";
import { dollars } from "~/lib/workshop-schema";

/**
 * Where Stripe Checkout returns: Stripe says whether the session is paid, so the page confirms
 * only a real payment (and fulfils it, once, if the webhook is still on its way).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get("session_id")?.slice(0, 200);
  const { stripe } = context;
  const result: RegistrationResult =
    stripe && sessionId
      ? await lookUpRegistration(
          { ...context, stripe },
          { sessionId, clientAddress: context.clientAddress },
        )
      : { state: "unknown" };
  // 200 whatever it found, as /payment-success: the page says what is known and what to do next.
  return data({
    result,
    meta: pageSeo({
      title: "Your Foundations workshop registration",
      description: "Your registration for the Foundations workshop.",
      path: "/foundations-program/registered",
      noindex: true,
    }),
  });
}

export const meta = metaFromLoaderData;

export default function WorkshopRegistered({ loaderData: { result } }: Route.ComponentProps) {
  return (
    <section className="container-page max-w-2xl space-y-6 py-24" data-testid="registration-result">
      {result.state === "paid" ? (
        <>
          <h1 className="text-4xl font-semibold text-primary">You&apos;re registered</h1>
          <p>{`Thank you, ${result.name}. Your seat at ${result.title} is confirmed.`}</p>
          <dl
            className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border bg-card p-6"
            data-testid="registration-summary"
          >
            <dt className="font-medium">Dates</dt>
            <dd>{`${result.when}, 9:00am to 5:00pm`}</dd>
            <dt className="font-medium">Place</dt>
            <dd>{result.place}</dd>
            <dt className="font-medium">Paid</dt>
            <dd data-testid="paid-amount">{dollars(result.paidCents)}</dd>
            <dt className="font-medium">Balance due</dt>
            <dd data-testid="balance-due">
              {result.priceCents > result.paidCents
                ? dollars(result.priceCents - result.paidCents)
                : "None: paid in full"}
            </dd>
          </dl>
          <p>
            Your receipt and a calendar invite for all three days are on their way to your inbox.
          </p>
        </>
      ) : result.state === "refunded" ? (
        <>
          <h1 className="text-4xl font-semibold text-primary">
            We are sorry: the cohort filled up
          </h1>
          <p>
            Your payment arrived after the time we could keep your seat, and the last seat had gone.
            It has been refunded in full, and you are on the waiting list.
          </p>
        </>
      ) : result.state === "cancelled" ? (
        <>
          <h1 className="text-4xl font-semibold text-primary">This registration was cancelled</h1>
          <p>
            {`Your seat at ${result.title} is no longer yours. The email we sent says what was refunded or kept as credit.`}
          </p>
        </>
      ) : result.state === "expired" ? (
        <>
          <h1 className="text-4xl font-semibold text-primary">This checkout has ended</h1>
          <p>
            Nothing was charged, and the seat it kept has been released. You can register again if
            seats are left.
          </p>
        </>
      ) : result.state === "unpaid" ? (
        <>
          <h1 className="text-4xl font-semibold text-primary">Your payment has not completed</h1>
          <p>Nothing was charged. Your seat stays kept for you until the checkout ends.</p>
        </>
      ) : (
        <>
          <h1 className="text-4xl font-semibold text-primary">
            We could not find this registration
          </h1>
          <p>If you paid, your confirmation email has the details.</p>
        </>
      )}
      <Link to="/foundations-program" className="underline">
        Back to the Foundations program
      </Link>
    </section>
  );
}
