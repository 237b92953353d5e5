import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/proposals.$token";
import { FormTokenField } from "~/components/forms/form-token-field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { ProposalView } from "~/components/proposals/proposal-view";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";
import { TextInputField } from "~/components/ui/text-input-field";
import { pageSeo } from "~/.server/content/page-seo";
import { issueFormToken } from "~/.server/core/spam-traps";
import {
  acceptProposal,
  settleDepositReturn,
  startDepositPayment,
  viewProposal,
  type ProposalDeposit,
  type ProposalPage,
} from "~/.server/deals";
import { readFormBody } from "~/.server/http/request-body";
import { centsLabel } from "~/lib/proposal-schema";
import { metaFromLoaderData } from "~/lib/route-meta";
import { spamTrapFields } from "~/lib/spam-trap-fields";

// Built per request: pageSeo reads the configuration, which must not load at import time.
const seo = () =>
  pageSeo({
    title: "Your proposal",
    description: "Read your proposal and accept it online.",
    path: "/contact",
    noindex: true,
  });

/** Who accepts: their name and title, as their browser may fill them in. */
const acceptFields = [
  { id: "name", label: "Your name", autoComplete: "name" },
  { id: "title", label: "Your title", autoComplete: "organization-title" },
] as const;

const statusOf = (page: ProposalPage) =>
  page.state === "invalid"
    ? 404
    : page.state === "expired" || page.state === "superseded"
      ? 410
      : 200;

/**
 * A client's proposal: read it, download its PDF, accept it while it is open, then pay its
 * deposit. Stripe returns here with `deposit_session`; a paid session is recorded then if its
 * webhook has not come yet.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get("deposit_session")?.slice(0, 200);
  const { stripe } = context;
  if (stripe && sessionId)
    await settleDepositReturn(
      { ...context, stripe },
      { token: params.token, sessionId, clientAddress: context.clientAddress },
    );
  const page = await viewProposal(context, params.token);
  return data(
    {
      page,
      formToken: issueFormToken(context),
      contactEmail: context.config.CONTACT_EMAIL,
      // Without Stripe the deposit is asked by the owner's own link or invoice.
      payOnline: Boolean(context.stripe),
      meta: seo(),
    },
    { status: statusOf(page), headers: { "Cache-Control": "no-store" } },
  );
}

export const meta = metaFromLoaderData;

type Answer = {
  accepted?: boolean;
  depositMessage?: string;
  message?: string;
  fieldErrors?: Record<string, string[]>;
  values?: Record<string, string>;
};

/** The "Pay the deposit" button: to Stripe Checkout, or a sentence saying why not. */
async function payDeposit({ params, context }: Pick<Route.ActionArgs, "params" | "context">) {
  const { stripe } = context;
  const answer = (depositMessage: string, status: number) =>
    data({ depositMessage } satisfies Answer, status);
  if (!stripe)
    return answer(
      "The deposit cannot be paid online here; we will send you a payment link or an invoice.",
      503,
    );
  const outcome = await startDepositPayment(
    { ...context, stripe },
    { token: params.token, clientAddress: context.clientAddress },
  );
  switch (outcome.outcome) {
    case "opened":
      return redirect(outcome.url, 303);
    case "paid":
      return redirect(`/proposals/${params.token}`, 303);
    case "invalid":
      return answer("This proposal link is not valid.", 404);
    case "not-due":
      return answer("No deposit is due on this proposal.", 409);
    case "rate-limited":
      return answer("Too many tries from here; please wait a few minutes.", 429);
    case "provider-failed":
      return answer("The payment page could not be opened. Please try again.", 502);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readFormBody(request);
  if (form.get("intent") === "deposit") return payDeposit({ params, context });
  const fields = Object.fromEntries(form);
  const outcome = await acceptProposal(context, {
    token: params.token,
    fields,
    traps: {
      honeypot: form.get(spamTrapFields.honeypot),
      formToken: form.get(spamTrapFields.formToken),
    },
    clientAddress: context.clientAddress,
  });
  const values = Object.fromEntries(
    ["name", "title", "acceptedOn"].map((name) => [name, String(fields[name] ?? "")]),
  );
  switch (outcome.outcome) {
    case "accepted":
    case "discarded":
      return { accepted: true } satisfies Answer;
    case "invalid":
      if ("fieldErrors" in outcome)
        return data(
          { message: outcome.error, fieldErrors: outcome.fieldErrors, values } satisfies Answer,
          400,
        );
      return data({ message: "This proposal link is not valid." } satisfies Answer, 404);
    case "rate-limited":
      return data(
        {
          message: "Too many tries from here; please wait a few minutes.",
          values,
        } satisfies Answer,
        429,
      );
    case "closed":
      return data(
        {
          message:
            outcome.state === "accepted"
              ? "This proposal is accepted already."
              : outcome.state === "expired"
                ? "This proposal has expired and can no longer be accepted."
                : "A newer version of this proposal was sent; it is no longer open.",
        } satisfies Answer,
        409,
      );
  }
}

function Closed({ page, contactEmail }: { page: ProposalPage; contactEmail: string }) {
  const [title, text] =
    page.state === "expired"
      ? [
          "This proposal has expired",
          `It was valid until ${page.proposal.validUntil} and can no longer be accepted. Write to ${contactEmail} for a new one.`,
        ]
      : page.state === "superseded"
        ? [
            "This proposal is no longer current",
            `A newer version was sent to you: use the link in the latest email, or write to ${contactEmail}.`,
          ]
        : [
            "This link is not valid",
            `Check that the whole address from your email was used, or write to ${contactEmail}.`,
          ];
  return (
    <div role="status" className="space-y-2 rounded-lg border bg-card p-6">
      <h2 className="text-xl font-semibold">{title}</h2>
      <p>{text}</p>
    </div>
  );
}

/** An accepted proposal's deposit: the button to Checkout, the owner's link to come, or paid. */
function Deposit({
  deposit,
  payOnline,
  message,
}: {
  deposit: ProposalDeposit;
  payOnline: boolean;
  message?: string;
}) {
  if (deposit.state === "none") return null;
  if (deposit.state === "paid")
    return (
      <div role="status" className="rounded-lg border bg-card p-6" data-testid="deposit">
        <h2 className="text-xl font-semibold">
          {"Deposit paid on "}
          {/* A date broken at its hyphens reads as two numbers. */}
          <span className="whitespace-nowrap">{deposit.paidOn}</span>
          {", thank you"}
        </h2>
        <p className="mt-2">
          {deposit.refunded
            ? `We received ${centsLabel(deposit.cents)}; ${centsLabel(deposit.refunded.cents)} of it was refunded on ${deposit.refunded.on}.`
            : `We received ${centsLabel(deposit.cents)}; the receipt is in your inbox.`}
        </p>
      </div>
    );
  const amount = centsLabel(deposit.cents);
  return (
    <div className="space-y-4 rounded-lg border bg-card p-6" data-testid="deposit">
      <h2 className="text-xl font-semibold">{`Deposit of ${amount}`}</h2>
      {message && (
        <p role="alert" className="rounded-md border border-destructive p-3 text-sm">
          {message}
        </p>
      )}
      {payOnline ? (
        <>
          <p>
            The proposal asks for this deposit on acceptance. Pay it securely by card through
            Stripe.
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="deposit" />
            <Button type="submit">{`Pay the ${amount} deposit`}</Button>
          </Form>
        </>
      ) : (
        <p>
          The proposal asks for this deposit on acceptance. We will send you a payment link or an
          invoice for it by email.
        </p>
      )}
    </div>
  );
}

export default function ProposalPageView({ loaderData, actionData, params }: Route.ComponentProps) {
  const { page, formToken, contactEmail, payOnline } = loaderData;
  const answer = actionData as Answer | undefined;
  const errors = answer?.fieldErrors ?? {};
  const value = (name: string, fallback = "") => answer?.values?.[name] ?? fallback;
  if (page.state === "invalid")
    return (
      <section className="container-page max-w-2xl space-y-6 py-24" data-testid="proposal">
        <h1 className="text-4xl font-semibold text-primary">Your proposal</h1>
        <Closed page={page} contactEmail={contactEmail} />
      </section>
    );
  const { proposal } = page;
  const accepted = answer?.accepted || page.state === "accepted";
  return (
    <section className="container-page max-w-3xl space-y-8 py-16 md:py-24" data-testid="proposal">
      <ProposalView proposal={proposal} pdfHref={`/proposals/${params.token}/pdf`} />
      {accepted ? (
        <>
          <div
            role="status"
            className="space-y-2 rounded-lg border bg-card p-6"
            data-testid="accepted"
          >
            <h2 className="text-xl font-semibold">Accepted, thank you</h2>
            <p>
              {proposal.accepted
                ? `Accepted by ${proposal.accepted.name}, ${proposal.accepted.title}, on ${proposal.accepted.on}.`
                : "Your acceptance is recorded. A copy is on its way to your inbox, and we will be in touch about the next steps."}
            </p>
          </div>
          <Deposit deposit={page.deposit} payOnline={payOnline} message={answer?.depositMessage} />
        </>
      ) : page.state !== "sent" ? (
        <Closed page={page} contactEmail={contactEmail} />
      ) : (
        <div className="space-y-4 rounded-lg border bg-card p-6">
          <h2 className="text-xl font-semibold">Accept this proposal</h2>
          {answer?.message && (
            <p role="alert" className="rounded-md border border-destructive p-3 text-sm">
              {answer.message}
            </p>
          )}
          <Form method="post" className="space-y-4">
            <FormTokenField token={formToken} />
            <HoneypotField />
            <div className="grid gap-4 sm:grid-cols-2">
              {acceptFields.map((field) => (
                <TextInputField
                  key={field.id}
                  {...field}
                  required
                  defaultValue={value(field.id)}
                  errors={errors[field.id]}
                />
              ))}
            </div>
            <div className="sm:max-w-xs">
              <TextInputField
                id="acceptedOn"
                label="Date"
                type="date"
                required
                defaultValue={value("acceptedOn", page.today)}
                errors={errors.acceptedOn}
              />
            </div>
            <div className="space-y-2">
              <div className="flex items-start gap-3">
                <input
                  id="terms"
                  name="terms"
                  type="checkbox"
                  value="yes"
                  required
                  className="mt-1 size-5 shrink-0"
                  aria-invalid={errors.terms ? true : undefined}
                  aria-describedby={errors.terms ? "terms-error" : undefined}
                />
                <Label htmlFor="terms" className="leading-normal">
                  I have read the proposal and accept its terms on behalf of my organization.
                </Label>
              </div>
              <FieldError id="terms-error" errors={errors.terms} />
            </div>
            <Button type="submit">Accept the proposal</Button>
          </Form>
        </div>
      )}
    </section>
  );
}
