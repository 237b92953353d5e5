import { data, Form, Link } from "react-router";
import type { Route } from "./+types/booking.confirm.$token";
import { Button } from "~/components/ui/button";
import { bookingContent } from "~/content/booking";
import { confirmIntroCall } from "~/.server/booking";
import { pageSeo } from "~/.server/content/page-seo";
import { readFormBody } from "~/.server/http/request-body";
import { metaFromLoaderData } from "~/lib/route-meta";

const content = bookingContent.confirm;

// Opening the link only shows a button: mail scanners that open links must not confirm.
export function loader() {
  return {
    meta: pageSeo({
      title: content.title,
      description: "Confirm the intro call you asked for.",
      path: "/booking",
      noindex: true,
    }),
  };
}

export const meta = metaFromLoaderData;

const statusOf = { confirmed: 200, "already-confirmed": 200, lapsed: 410, "invalid-link": 404 };

export async function action({ request, params, context }: Route.ActionArgs) {
  await readFormBody(request, { allowUntyped: true });
  const { outcome } = await confirmIntroCall(context, params.token);
  return data({ outcome }, { status: statusOf[outcome] });
}

export default function BookingConfirm({ actionData }: Route.ComponentProps) {
  const outcome = actionData?.outcome;
  const heading =
    outcome === undefined
      ? content.title
      : outcome === "confirmed" || outcome === "already-confirmed"
        ? content.confirmedTitle
        : outcome === "lapsed"
          ? content.lapsedTitle
          : content.invalidTitle;
  return (
    <section className="container-page max-w-2xl space-y-6 py-24">
      <h1 className="text-4xl font-semibold text-primary">{heading}</h1>
      {outcome === undefined ? (
        <Form method="post">
          <Button type="submit">{content.button}</Button>
        </Form>
      ) : (
        <p
          role="status"
          data-testid="booking-confirm-outcome"
          data-outcome={outcome}
          className="text-lg"
        >
          {outcome === "confirmed" || outcome === "already-confirmed"
            ? content.confirmed
            : outcome === "lapsed"
              ? content.lapsed
              : content.invalidLink}
        </p>
      )}
      {outcome === "lapsed" && (
        <Link to="/booking" className="underline">
          Choose a time again
        </Link>
      )}
    </section>
  );
}
