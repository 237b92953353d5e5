import { data } from "react-router";
import type { Route } from "./+types/booking.session.$token";
import { SlotPicker } from "~/components/booking/slot-picker";
import { bookingContent } from "~/content/booking";
import {
  bookPaidSession,
  bookingPageData,
  paidSessionState,
  sessionTimeLabel,
  type PaidSessionOutcome,
} from "~/.server/booking";
import { pageSeo } from "~/.server/content/page-seo";
import { readFormBody } from "~/.server/http/request-body";
import { metaFromLoaderData } from "~/lib/route-meta";

const content = bookingContent.paid;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const state = await paidSessionState(context, params.token);
  const zoneParam = new URL(request.url).searchParams.get("tz");
  const page =
    state.state === "ready"
      ? await bookingPageData(context, { kind: "breakthrough", zoneParam })
      : null;
  const status =
    state.state === "invalid-link"
      ? 404
      : state.state === "not-bookable"
        ? 409
        : page?.unknownZone
          ? 400
          : 200;
  return data(
    {
      state: state.state,
      booked:
        state.state === "booked"
          ? {
              when: sessionTimeLabel(new Date(state.startsAt), state.timeZone),
              meetingUrl: state.meetingUrl,
            }
          : null,
      page,
      meta: pageSeo({
        title: content.title,
        description: "Choose the time of your Sales Breakthrough Hour.",
        path: "/booking",
        noindex: true,
      }),
    },
    { status, headers: { "Cache-Control": "no-store" } },
  );
}

export const meta = metaFromLoaderData;

const statusOf: Record<PaidSessionOutcome["outcome"], number> = {
  booked: 200,
  invalid: 400,
  "rate-limited": 429,
  "invalid-link": 404,
  "not-bookable": 409,
  "order-already-booked": 409,
  taken: 409,
  unavailable: 422,
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readFormBody(request);
  const result = await bookPaidSession(context, {
    token: params.token,
    fields: Object.fromEntries(form),
    clientAddress: context.clientAddress,
  });
  const { outcomes } = bookingContent;
  const messages: Record<PaidSessionOutcome["outcome"], string | undefined> = {
    booked: undefined,
    invalid: result.outcome === "invalid" ? result.error : undefined,
    "rate-limited": outcomes.rateLimited,
    "invalid-link": content.invalidLink,
    "not-bookable": content.notBookable,
    "order-already-booked": outcomes.alreadyBooked,
    taken: outcomes.taken,
    unavailable: outcomes.unavailable,
  };
  return data(
    { outcome: result.outcome, message: messages[result.outcome] },
    { status: statusOf[result.outcome] },
  );
}

export default function PaidSession({ loaderData, actionData }: Route.ComponentProps) {
  const { state, booked, page } = loaderData;
  const done = actionData?.outcome === "booked";
  const problem =
    actionData?.message ??
    (state === "invalid-link"
      ? content.invalidLink
      : state === "not-bookable"
        ? content.notBookable
        : page?.unknownZone
          ? bookingContent.outcomes.unknownZone
          : undefined);
  return (
    <section className="container-page max-w-3xl space-y-8 py-24">
      <header>
        <h1 className="text-4xl font-semibold text-primary">
          {done || booked ? content.booked.title : content.title}
        </h1>
        {!done && !booked && <p className="mt-3 text-lg text-muted-foreground">{content.lead}</p>}
      </header>
      {problem && !done && (
        <p
          role="alert"
          className="rounded-md border border-destructive p-3 text-destructive"
          data-testid="booking-problem"
        >
          {problem}
        </p>
      )}
      {done && (
        <p role="status" data-testid="booking-booked" className="text-lg">
          {content.booked.text}
        </p>
      )}
      {booked && !done && (
        <div data-testid="booking-booked" className="space-y-2 text-lg">
          <p>{booked.when}</p>
          <p>
            Meeting link:{" "}
            <a className="underline" href={booked.meetingUrl}>
              {booked.meetingUrl}
            </a>
          </p>
        </div>
      )}
      {page && !done && (
        <SlotPicker
          days={page.days}
          zone={page.zone}
          zoneLabel={page.zoneLabel}
          zones={page.zones}
          zoneChosen={page.zoneChosen}
          submitLabel={content.submit}
        />
      )}
    </section>
  );
}
