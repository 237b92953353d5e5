import { data } from "react-router";
import type { AppServices } from "../../core/service-deps";
import { listFromPath, type ListLinkPurpose } from "./list-links";
import { readListLink, type ListLink } from "./list-memberships";
import { pageSeo } from "../../content/page-seo";
import { listLinkContent } from "~/content/list-links";

/** The list and token of a `/lists/<list>/<purpose>/<token>` URL; an unknown list is a 404. */
export function listLinkOf(params: { list?: string; token?: string }): ListLink {
  const list = listFromPath(params.list);
  if (!list || !params.token) throw data("Not found", 404);
  return { list, token: params.token };
}

/**
 * Loader data of the pages a list email links to: which list, whether the link can be used, and
 * noindex meta, under the status of the link. Opening the page changes nothing; its button does.
 */
export async function loadListLinkPage(
  context: Pick<AppServices, "db" | "config" | "clock">,
  params: { list?: string; token?: string },
  purpose: ListLinkPurpose,
) {
  const link = listLinkOf(params);
  const state = await readListLink(context, purpose, link);
  const page = {
    list: link.list,
    state,
    meta: pageSeo({
      title: listLinkContent[link.list][purpose].pending.title,
      description:
        purpose === "confirm" ? "Confirm your email address." : "Unsubscribe from a mailing list.",
      path: `/lists/${link.list}/${purpose}`,
      noindex: true,
    }),
  };
  return data(page, { status: listLinkStatus(state) });
}

/** A link that never was is 404, an expired one 410, as every link with a token answers. */
export function listLinkStatus(outcome: string) {
  return outcome === "invalid" ? 404 : outcome === "expired" ? 410 : 200;
}
