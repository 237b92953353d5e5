import { data } from "react-router";
import type { Route } from "./+types/newsletter.unsubscribe.$token";
import { ListLinkPage } from "~/components/lists/list-link-page";
import { BroadcastUnsubscribePage } from "~/components/newsletter/broadcast-unsubscribe-page";
import { listLinkContent } from "~/content/list-links";
import { broadcastUnsubscribePage, unsubscribeFromBroadcast } from "~/.server/broadcasts";
import { readFormBody } from "~/.server/http/request-body";
import { pageSeo } from "~/.server/content/page-seo";
import { metaFromLoaderData } from "~/lib/route-meta";

/** A broadcast email's link: which list it leaves and what the person stays on (changes nothing). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const broadcast = await broadcastUnsubscribePage(context, params.token);
  const page = {
    broadcast,
    meta: pageSeo({
      title: "Unsubscribe",
      description: "Unsubscribe from a mailing list.",
      path: "/newsletter/unsubscribe",
      noindex: true,
    }),
  };
  // A link no email carried is 404, as every link with a token answers.
  return data(page, { status: broadcast ? 200 : 404 });
}

export const meta = metaFromLoaderData;

/**
 * The page's buttons, and RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` to
 * the List-Unsubscribe URL, which carries the token (no form token: a mail client has none).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readFormBody(request, { allowUntyped: true });
  const left = await unsubscribeFromBroadcast(context, {
    token: params.token,
    everything: form.get("everything") === "yes",
  });
  return left.outcome === "left"
    ? { broadcast: left.page }
    : data({ broadcast: undefined }, { status: 404 });
}

export default function BroadcastUnsubscribe({
  loaderData,
  actionData,
  params,
}: Route.ComponentProps) {
  const broadcast = actionData?.broadcast ?? loaderData.broadcast;
  if (!broadcast) {
    return <ListLinkPage content={listLinkContent.newsletter.unsubscribe} state="invalid" />;
  }
  return (
    <BroadcastUnsubscribePage token={params.token} {...broadcast} done={Boolean(actionData)} />
  );
}
