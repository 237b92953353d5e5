import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/foundations-program.balance.$token";
import { Button } from "~/components/ui/button";
import { pageSeo } from "~/.server/content/page-seo";
import { loadBalance, settleBalanceReturn, startBalancePayment } from "~/.server/workshops";
import { metaFromLoaderData } from "~/lib/route-meta";
import { dollars } from "~/lib/workshop-schema";

/**
 * The balance's payment link: what was paid and what is due, and a button that opens Stripe
 * Checkout. Stripe returns here with `session_id`; a paid session is recorded then if its
 * webhook has not come yet (that look-up is limited per address: 429 when over).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get("session_id")?.slice(0, 200);
  const { stripe } = context;
  const settled =
    stripe && sessionId
      ? await settleBalanceReturn(
          { ...context, stripe },
          { token: params.token, sessionId, clientAddress: context.clientAddress },
        )
      : undefined;
  const limited = settled === "rate-limited";
  const view = await loadBalance(context, params.token);
  return data(
    {
      view,
      message: limited ? "Too many tries from here; please wait a few minutes." : undefined,
      meta: pageSeo({
        title: "Your Foundations workshop balance",
        description: "Pay the balance of your Foundations workshop registration.",
        path: "/foundations-program",
        noindex: true,
      }),
    },
    { status: view.state === "invalid" ? 404 : limited ? 429 : 200 },
  );
}

export const meta = metaFromLoaderData;

export async function action({ params, context }: Route.ActionArgs) {
  const { stripe } = context;
  if (!stripe) return data({ message: "Payments are closed just now; please try later." }, 503);
  const outcome = await startBalancePayment(
    { ...context, stripe },
    { token: params.token, clientAddress: context.clientAddress },
  );
  if (outcome.outcome === "opened") return redirect(outcome.url, 303);
  if (outcome.outcome === "rate-limited")
    return data({ message: "Too many tries from here; please wait a few minutes." }, 429);
  if (outcome.outcome === "provider-failed")
    return data({ message: "The payment page could not be opened. Please try again." }, 502);
  return data({ message: "Nothing is due on this registration." }, 409);
}

export default function WorkshopBalance({ loaderData, actionData }: Route.ComponentProps) {
  const { view } = loaderData;
  const message = actionData?.message ?? loaderData.message;
  return (
    <section className="container-page max-w-2xl space-y-6 py-24" data-testid="balance">
      {view.state === "open" ? (
        <>
          <h1 className="text-4xl font-semibold text-primary">Your balance</h1>
          <p>{`${view.name}, your seat: ${view.cohort.title}, ${view.cohort.when}, ${view.cohort.place}.`}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border bg-card p-6">
            <dt className="font-medium">Paid</dt>
            <dd>{dollars(view.paidCents)}</dd>
            <dt className="font-medium">Balance due</dt>
            <dd data-testid="balance-due">{dollars(view.balanceCents)}</dd>
          </dl>
          {message && (
            <p role="alert" className="rounded-md border p-3 text-sm">
              {message}
            </p>
          )}
          <Form method="post">
            <Button type="submit">{`Pay ${dollars(view.balanceCents)}`}</Button>
          </Form>
        </>
      ) : (
        <>
          <h1 className="text-4xl font-semibold text-primary">
            {view.state === "settled"
              ? "Paid in full: thank you"
              : view.state === "closed"
                ? "Nothing to pay here"
                : "This link is not valid"}
          </h1>
          <p>
            {view.state === "settled"
              ? "Your balance is paid; the receipt is on its way by email. See you at the workshop."
              : view.state === "closed"
                ? "This registration owes nothing more. Questions? Write to us."
                : "Check that the whole address from your email was used."}
          </p>
          <Link to="/foundations-program" className="underline">
            About the Foundations workshop
          </Link>
        </>
      )}
    </section>
  );
}
