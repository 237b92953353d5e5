import { data } from "react-router";
import type { Route } from "./+types/lists.$list.confirm.$token";
import { ListLinkPage, type ListLinkPageState } from "~/components/lists/list-link-page";
import { listLinkContent } from "~/content/list-links";
import {
  confirmMembership,
  listLinkOf,
  listLinkStatus,
  loadListLinkPage,
} from "~/.server/audience";
import { readFormBody } from "~/.server/http/request-body";
import { metaFromLoaderData } from "~/lib/route-meta";

// Opening the link only shows a button: mail scanners that open links must not confirm.
export function loader({ params, context }: Route.LoaderArgs) {
  return loadListLinkPage(context, params, "confirm");
}

export const meta = metaFromLoaderData;

export async function action({ request, params, context }: Route.ActionArgs) {
  const link = listLinkOf(params);
  // The button sends no fields; the body is still read through the cap.
  await readFormBody(request, { allowUntyped: true });
  const outcome = await confirmMembership(context, link);
  // The page says in words why a link failed.
  return data({ outcome }, { status: listLinkStatus(outcome) });
}

export default function ListConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { list } = loaderData;
  const outcome = actionData?.outcome ?? loaderData.state;
  const state: ListLinkPageState =
    outcome === "ready"
      ? "pending"
      : outcome === "confirmed" || outcome === "already-confirmed"
        ? "done"
        : outcome;
  const testId =
    list === "waitlist" ? "waitlist-state" : state === "done" ? "newsletter-confirmed" : undefined;
  return <ListLinkPage content={listLinkContent[list].confirm} state={state} testId={testId} />;
}
