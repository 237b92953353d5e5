import { data } from "react-router";
import type { Route } from "./+types/booking.reschedule.$token";
import { BookerLinkNotice } from "~/components/booking/booker-link-notice";
import { BookingSummaryCard } from "~/components/booking/booking-summary";
import { SlotPicker } from "~/components/booking/slot-picker";
import { bookingContent } from "~/content/booking";
import {
  bookerLinkStatus,
  bookerReschedulePage,
  changeSessionAsBooker,
  type BookerChangeOutcome,
} from "~/.server/booking";
import { pageSeo } from "~/.server/content/page-seo";
import { readFormBody } from "~/.server/http/request-body";
import { metaFromLoaderData } from "~/lib/route-meta";

const content = bookingContent.change;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const zoneParam = new URL(request.url).searchParams.get("tz");
  const { state, picker, unknownZone } = await bookerReschedulePage(
    context,
    params.token,
    zoneParam,
  );
  return data(
    {
      state: state.state,
      summary: state.state === "invalid-link" ? null : state.session.summary,
      picker,
      unknownZone,
      meta: pageSeo({
        title: content.rescheduleTitle,
        description: "Move your booked session to another time.",
        path: "/booking",
        noindex: true,
      }),
    },
    {
      status: unknownZone ? 400 : bookerLinkStatus(state.state),
      headers: { "Cache-Control": "no-store" },
    },
  );
}

export const meta = metaFromLoaderData;

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readFormBody(request);
  const result: BookerChangeOutcome = await changeSessionAsBooker(context, {
    purpose: "booking-reschedule",
    token: params.token,
    fields: Object.fromEntries(form),
    clientAddress: context.clientAddress,
  });
  if ("state" in result)
    return data({ state: result.state, message: undefined }, bookerLinkStatus(result.state));
  const { outcomes } = bookingContent;
  const answers = {
    rescheduled: [200, undefined],
    unchanged: [409, content.unchanged],
    invalid: [400, result.outcome === "invalid" ? result.error : undefined],
    "rate-limited": [429, outcomes.rateLimited],
    taken: [409, outcomes.taken],
    unavailable: [422, outcomes.unavailable],
  } as const;
  const [status, message] = answers[result.outcome as keyof typeof answers];
  return data({ state: result.outcome, message }, status);
}

export default function BookerReschedule({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  const done = state === "rescheduled";
  const notice = state === "invalid-link" || state === "cancelled" || state === "closed";
  const problem =
    actionData?.message ?? (loaderData.unknownZone ? bookingContent.outcomes.unknownZone : null);
  return (
    <section className="container-page max-w-3xl space-y-8 py-24">
      <header>
        <h1 className="text-4xl font-semibold text-primary">
          {done ? content.rescheduledTitle : content.rescheduleTitle}
        </h1>
        {!done && !notice && (
          <p className="mt-3 text-lg text-muted-foreground">{content.rescheduleLead}</p>
        )}
      </header>
      {done && (
        <p role="status" data-testid="booker-change-done" className="text-lg">
          {content.rescheduled}
        </p>
      )}
      {loaderData.summary && (
        <BookingSummaryCard
          summary={loaderData.summary}
          emailNote={done ? content.rescheduledEmailNote : content.sessionEmailNote}
        />
      )}
      {notice && <BookerLinkNotice state={state} />}
      {problem && !done && !notice && (
        <p
          role="alert"
          className="rounded-md border border-destructive p-3 text-destructive"
          data-testid="booking-problem"
        >
          {problem}
        </p>
      )}
      {loaderData.picker && !done && !notice && (
        <SlotPicker {...loaderData.picker} submitLabel={content.rescheduleSubmit} />
      )}
    </section>
  );
}
