import { data } from "react-router";
import type { Route } from "./+types/sequences.$id.leave.$list.$token";
import { ListLinkPage, type ListLinkPageContent } from "~/components/lists/list-link-page";
import { leaveSequence, readLeaveLink, type LeaveLink } from "~/.server/sequences";
import { readFormBody } from "~/.server/http/request-body";
import { pageSeo } from "~/.server/content/page-seo";
import { metaFromLoaderData } from "~/lib/route-meta";

const linkOf = (params: Route.LoaderArgs["params"]): LeaveLink => ({
  sequenceId: params.id,
  list: params.list,
  token: params.token,
});

export async function loader({ params, context }: Route.LoaderArgs) {
  const link = await readLeaveLink(context, linkOf(params));
  const meta = pageSeo({
    title: "Leave this email series",
    description: "Stop one series of emails and stay on the list.",
    path: "/sequences/leave",
    noindex: true,
  });
  return data({ ...link, meta }, { status: link.state === "invalid" ? 404 : 200 });
}

export const meta = metaFromLoaderData;

/** The page's button: opening the link alone changes nothing (mail scanners leave nobody). */
export async function action({ request, params, context }: Route.ActionArgs) {
  await readFormBody(request, { allowUntyped: true });
  const result = await leaveSequence(context, {
    link: linkOf(params),
    clientAddress: context.clientAddress,
  });
  if (result.outcome === "rate-limited")
    return data(
      { outcome: "rate-limited" as const },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  return data(result, { status: result.outcome === "invalid" ? 404 : 200 });
}

function content(name: string | undefined, list: string): ListLinkPageContent {
  const stays = list === "waitlist" ? "the waitlist" : "the newsletter";
  const home = { label: "Back to the site", href: "/" };
  return {
    pending: {
      title: "Leave this email series?",
      text: `You will get no more emails of ${name ? `"${name}"` : "this series"}. You stay on ${stays}; its own emails keep coming.`,
      button: "Leave this series",
    },
    done: {
      title: "You left this series",
      text: `No more emails of this series will reach you. You are still on ${stays}; every email there has a link to unsubscribe from it.`,
      link: home,
    },
    invalid: {
      title: "This link is not valid",
      text: "It may have been copied incompletely. Every email of the series has a working link at its end.",
      link: home,
    },
  };
}

export default function LeaveSequence({ loaderData, actionData, params }: Route.ComponentProps) {
  const name = loaderData.state === "ready" ? loaderData.name : undefined;
  const outcome = actionData?.outcome;
  const state =
    outcome === "left"
      ? "done"
      : outcome === "invalid"
        ? "invalid"
        : loaderData.state === "ready"
          ? "pending"
          : "invalid";
  return (
    <>
      {outcome === "rate-limited" && (
        <p role="alert" className="container-page max-w-2xl pt-8 text-destructive">
          Too many requests from here just now. Try again in a few minutes.
        </p>
      )}
      <ListLinkPage content={content(name, params.list)} state={state} testId="sequence-leave" />
    </>
  );
}
