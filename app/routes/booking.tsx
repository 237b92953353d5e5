import { data, Link } from "react-router";
import type { Route } from "./+types/booking";
import { BookingSummaryCard } from "~/components/booking/booking-summary";
import { SlotPicker } from "~/components/booking/slot-picker";
import { FormTokenField } from "~/components/forms/form-token-field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { bookingContent as content } from "~/content/booking";
import { bookingPageData, requestIntroCall, type IntroCallOutcome } from "~/.server/booking";
import { pageSeo } from "~/.server/content/page-seo";
import { issueFormToken } from "~/.server/core/spam-traps";
import { readFormBody } from "~/.server/http/request-body";
import { metaFromLoaderData } from "~/lib/route-meta";
import { spamTrapFields } from "~/lib/spam-trap-fields";

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await bookingPageData(context, {
    kind: "intro",
    zoneParam: new URL(request.url).searchParams.get("tz"),
  });
  return data(
    {
      page,
      formToken: issueFormToken(context),
      meta: pageSeo({
        title: "Book a Free Intro Call",
        description: `Choose a time for a free ${page.minutes}-minute intro call, shown in the time zone you choose.`,
        path: "/booking",
      }),
    },
    { status: page.unknownZone ? 400 : 200, headers: { "Cache-Control": "no-store" } },
  );
}

export const meta = metaFromLoaderData;

const statusOf: Record<IntroCallOutcome["outcome"], number> = {
  held: 200,
  invalid: 400,
  "rate-limited": 429,
  taken: 409,
  unavailable: 422,
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormBody(request);
  const result = await requestIntroCall(context, {
    fields: Object.fromEntries(form),
    traps: {
      honeypot: form.get(spamTrapFields.honeypot),
      formToken: form.get(spamTrapFields.formToken),
    },
    clientAddress: context.clientAddress,
  });
  const message =
    result.outcome === "invalid"
      ? result.error
      : result.outcome === "rate-limited"
        ? content.outcomes.rateLimited
        : result.outcome === "held"
          ? undefined
          : content.outcomes[result.outcome];
  return data(
    {
      outcome: result.outcome,
      message,
      summary: result.outcome === "held" ? result.summary : null,
      values: { name: form.get("name"), email: form.get("email"), start: form.get("start") },
    },
    { status: statusOf[result.outcome] },
  );
}

export default function Booking({ loaderData, actionData }: Route.ComponentProps) {
  const { page, formToken } = loaderData;
  if (actionData?.outcome === "held" && actionData.summary) {
    const { summary } = actionData;
    const held = content.intro.held;
    return (
      <section className="container-page max-w-2xl space-y-6 py-24" data-testid="booking-held">
        <h1 className="text-4xl font-semibold text-primary">{held.title}</h1>
        {summary.hold && (
          <p className="text-lg" data-testid="booking-held-text">
            {held.text(summary.hold)}
          </p>
        )}
        <BookingSummaryCard summary={summary} emailNote={held.emailNote} />
        <p className="text-muted-foreground">
          {held.lapseNote}{" "}
          <Link to="/booking" className="underline">
            choose a time again
          </Link>
          .
        </p>
        <p>
          <Link to="/" className="underline">
            Back to Home
          </Link>
        </p>
      </section>
    );
  }
  const problem =
    actionData?.message ?? (page.unknownZone ? content.outcomes.unknownZone : undefined);
  return (
    <section className="container-page max-w-3xl space-y-8 py-24">
      <header>
        <h1 className="text-4xl font-semibold text-primary">{content.intro.title}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{content.intro.lead}</p>
      </header>
      {problem && (
        <p
          role="alert"
          // A refused post's reason takes the focus, so it is read and in view (decision 318).
          tabIndex={actionData?.message ? -1 : undefined}
          autoFocus={Boolean(actionData?.message)}
          className="rounded-md border border-destructive p-3 text-destructive"
          data-testid="booking-problem"
        >
          {problem}
        </p>
      )}
      <SlotPicker
        days={page.days}
        zone={page.zone}
        zoneLabel={page.zoneLabel}
        zones={page.zones}
        zoneChosen={page.zoneChosen}
        submitLabel={content.intro.submit}
        chosen={actionData?.values.start ?? undefined}
      >
        <HoneypotField />
        <FormTokenField token={formToken} />
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor="booking-name">Your name</Label>
            <Input
              id="booking-name"
              name="name"
              required
              maxLength={100}
              autoComplete="name"
              defaultValue={String(actionData?.values.name ?? "")}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="booking-email">Email</Label>
            <Input
              id="booking-email"
              name="email"
              type="email"
              required
              maxLength={254}
              autoComplete="email"
              defaultValue={String(actionData?.values.email ?? "")}
            />
          </div>
        </div>
      </SlotPicker>
    </section>
  );
}
