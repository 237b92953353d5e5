import { data, Form, Link } from "react-router";
import type { Route } from "./+types/booking.confirm.$token";
import { BookingSummaryCard } from "~/components/booking/booking-summary";
import { Button } from "~/components/ui/button";
import { bookingContent } from "~/content/booking";
import { confirmIntroCall, introCallLinkState, type IntroCallLinkState } from "~/.server/booking";
import { pageSeo } from "~/.server/content/page-seo";
import { readFormBody } from "~/.server/http/request-body";
import { metaFromLoaderData } from "~/lib/route-meta";

const content = bookingContent.confirm;

/** A held call 200; a used link 200 (the call is booked); lapsed or cancelled 410; forged 404. */
const linkStatus: Record<IntroCallLinkState["state"], number> = {
  open: 200,
  confirmed: 200,
  lapsed: 410,
  cancelled: 410,
  "invalid-link": 404,
};

// Opening the link only reads it and shows a button: mail scanners that open links must not
// confirm. A link that can no longer confirm says why on opening, with no button.
export async function loader({ params, context }: Route.LoaderArgs) {
  const link = await introCallLinkState(context, params.token);
  return data(
    {
      state: link.state,
      summary: link.state === "invalid-link" ? null : link.summary,
      meta: pageSeo({
        title: content.title,
        description: "Confirm the intro call you asked for.",
        path: "/booking",
        noindex: true,
      }),
    },
    { status: linkStatus[link.state], headers: { "Cache-Control": "no-store" } },
  );
}

export const meta = metaFromLoaderData;

const statusOf = { confirmed: 200, "already-confirmed": 200, lapsed: 410, "invalid-link": 404 };

export async function action({ request, params, context }: Route.ActionArgs) {
  await readFormBody(request, { allowUntyped: true });
  const { outcome } = await confirmIntroCall(context, params.token);
  return data({ outcome }, { status: statusOf[outcome] });
}

export default function BookingConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { state, summary } = loaderData;
  const outcome = actionData?.outcome;
  // What the page tells: a post's outcome where there was one, else the link as it stands.
  const shown =
    outcome === "confirmed"
      ? "just-confirmed"
      : outcome === "already-confirmed"
        ? "confirmed"
        : outcome === "lapsed"
          ? state === "cancelled"
            ? "cancelled"
            : "lapsed"
          : outcome === "invalid-link"
            ? "invalid-link"
            : state;
  const heading =
    shown === "open"
      ? content.title
      : shown === "just-confirmed" || shown === "confirmed"
        ? content.confirmedTitle
        : shown === "lapsed"
          ? content.lapsedTitle
          : shown === "cancelled"
            ? content.cancelledTitle
            : content.invalidTitle;
  const text =
    shown === "open"
      ? content.lead
      : shown === "just-confirmed"
        ? content.confirmed
        : shown === "confirmed"
          ? content.alreadyConfirmed
          : shown === "lapsed"
            ? content.lapsed
            : shown === "cancelled"
              ? content.cancelled
              : content.invalidLink;
  const booked = shown === "just-confirmed" || shown === "confirmed";
  return (
    <section className="container-page max-w-2xl space-y-6 py-24">
      <h1 className="text-4xl font-semibold text-primary">{heading}</h1>
      <p
        role={shown === "open" ? undefined : "status"}
        data-testid="booking-confirm-outcome"
        data-outcome={shown}
        className="text-lg"
      >
        {text}
      </p>
      {summary && shown !== "invalid-link" && (
        <BookingSummaryCard
          summary={summary}
          emailNote={
            booked
              ? content.emailNote
              : shown === "cancelled"
                ? bookingContent.change.sessionEmailNote
                : bookingContent.intro.held.emailNote
          }
        />
      )}
      {shown === "open" && (
        <Form method="post">
          <Button type="submit">{content.button}</Button>
        </Form>
      )}
      {(shown === "lapsed" || shown === "cancelled" || shown === "invalid-link") && (
        <p>
          <Link to="/booking" className="underline" data-testid="booking-again">
            {shown === "lapsed" ? "Choose a time again" : "Book a time"}
          </Link>
        </p>
      )}
    </section>
  );
}
