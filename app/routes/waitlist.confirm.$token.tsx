import { Form } from "react-router";
import { Link } from "react-router";
import type { Route } from "./+types/waitlist.confirm.$token";
import { Button } from "~/components/ui/button";
import { waitlistConfirmContent as content } from "~/content/waitlist-confirm";
import { pageSeo } from "~/.server/page-seo";
import { readFormBody } from "~/.server/http/request-body";
import { checkWaitlistToken, confirmWaitlistSignup } from "~/.server/services/waitlist";
import { metaFromLoaderData } from "~/lib/route-meta";

const pageMeta = () =>
  pageSeo({
    title: "Confirm Your Email",
    description: "Confirm that you want to hear when purchasing opens.",
    path: "/waitlist/confirm",
    noindex: true,
  });

// Confirming takes a click (a POST): mail scanners that open links must not confirm for the reader.
export function loader({ params, context }: Route.LoaderArgs) {
  const verified = checkWaitlistToken(context, params.token);
  return { meta: pageMeta(), state: verified.ok ? ("ready" as const) : verified.reason };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // The button sends no fields; the body is still read through the cap.
  await readFormBody(request, { allowUntyped: true });
  return { state: await confirmWaitlistSignup(context, params.token) };
}

export const meta = metaFromLoaderData;

export default function WaitlistConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  const message = state === "ready" ? content : content[state];
  return (
    <div className="container-page max-w-2xl py-20 text-center">
      <h1 className="text-3xl font-semibold text-primary sm:text-4xl" data-testid="waitlist-state">
        {message.title}
      </h1>
      <p className="mt-4 text-lg text-muted-foreground">{message.text}</p>
      {state === "ready" ? (
        <Form method="post" className="mt-8">
          <Button type="submit" variant="zen" size="lg">
            {content.button}
          </Button>
        </Form>
      ) : (
        <Button asChild variant="outline" className="mt-8">
          <Link to="/buy-now">{content.backToPurchase}</Link>
        </Button>
      )}
    </div>
  );
}
