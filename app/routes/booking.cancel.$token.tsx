import { data, Form, Link } from "react-router";
import type { Route } from "./+types/booking.cancel.$token";
import { BookerLinkNotice } from "~/components/booking/booker-link-notice";
import { BookingSummaryCard } from "~/components/booking/booking-summary";
import { Button } from "~/components/ui/button";
import { bookingContent } from "~/content/booking";
import { bookerLinkState, bookerLinkStatus, changeSessionAsBooker } from "~/.server/booking";
import { pageSeo } from "~/.server/content/page-seo";
import { readFormBody } from "~/.server/http/request-body";
import { metaFromLoaderData } from "~/lib/route-meta";

const content = bookingContent.change;

// Opening the link only shows a button: mail scanners that open links must not cancel.
export async function loader({ params, context }: Route.LoaderArgs) {
  const state = await bookerLinkState(context, "booking-cancel", params.token);
  return data(
    {
      state: state.state,
      summary: state.state === "invalid-link" ? null : state.session.summary,
      meta: pageSeo({
        title: content.cancelTitle,
        description: "Cancel your booked session.",
        path: "/booking",
        noindex: true,
      }),
    },
    { status: bookerLinkStatus(state.state), headers: { "Cache-Control": "no-store" } },
  );
}

export const meta = metaFromLoaderData;

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readFormBody(request);
  const result = await changeSessionAsBooker(context, {
    purpose: "booking-cancel",
    token: params.token,
    fields: Object.fromEntries(form),
    clientAddress: context.clientAddress,
  });
  if ("state" in result) return data({ state: result.state }, bookerLinkStatus(result.state));
  if (result.outcome === "rate-limited") return data({ state: "rate-limited" as const }, 429);
  return data({ state: "done" as const }, 200);
}

export default function BookerCancel({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  const notice = state === "invalid-link" || state === "cancelled" || state === "closed";
  return (
    <section className="container-page max-w-2xl space-y-6 py-24">
      <h1 className="text-4xl font-semibold text-primary">
        {state === "done" ? content.cancelledTitle : content.cancelTitle}
      </h1>
      {state === "done" && (
        <p role="status" data-testid="booker-change-done" className="text-lg">
          {content.cancelled}
        </p>
      )}
      {loaderData.summary && (
        <BookingSummaryCard
          summary={loaderData.summary}
          emailNote={state === "done" ? content.cancelledEmailNote : content.sessionEmailNote}
        />
      )}
      {notice && <BookerLinkNotice state={state} />}
      {state === "rate-limited" && (
        <p role="alert" className="rounded-md border border-destructive p-3 text-destructive">
          {bookingContent.outcomes.rateLimited}
        </p>
      )}
      {state === "done" ? (
        <p>
          <Link to="/booking" className="underline" data-testid="booking-again">
            Book another time
          </Link>
        </p>
      ) : (
        (state === "open" || state === "rate-limited") && (
          <Form method="post" className="space-y-4">
            <p className="text-muted-foreground">{content.cancelLead}</p>
            <Button type="submit">{content.cancelSubmit}</Button>
          </Form>
        )
      )}
    </section>
  );
}
