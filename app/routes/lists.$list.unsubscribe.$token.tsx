import { data } from "react-router";
import type { Route } from "./+types/lists.$list.unsubscribe.$token";
import { ListLinkPage } from "~/components/lists/list-link-page";
import { listLinkContent } from "~/content/list-links";
import {
  unsubscribeMembership,
  listLinkOf,
  listLinkStatus,
  loadListLinkPage,
} from "~/.server/audience";
import { readFormBody } from "~/.server/http/request-body";
import { metaFromLoaderData } from "~/lib/route-meta";

export function loader({ params, context }: Route.LoaderArgs) {
  return loadListLinkPage(context, params, "unsubscribe");
}

export const meta = metaFromLoaderData;

/** The page's button, and RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click`. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const link = listLinkOf(params);
  await readFormBody(request, { allowUntyped: true });
  const outcome = await unsubscribeMembership(context, link);
  return data({ outcome }, { status: listLinkStatus(outcome) });
}

export default function ListUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { list } = loaderData;
  const outcome = actionData?.outcome ?? loaderData.state;
  const state = outcome === "ready" ? "pending" : outcome === "unsubscribed" ? "done" : "invalid";
  const testId =
    list === "waitlist"
      ? "waitlist-state"
      : state === "done"
        ? "newsletter-unsubscribed"
        : undefined;
  return <ListLinkPage content={listLinkContent[list].unsubscribe} state={state} testId={testId} />;
}
