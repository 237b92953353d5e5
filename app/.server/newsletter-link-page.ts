import type { AppServices } from "./app-context";
import { pageSeo } from "./page-seo";
import { isNewsletterTokenValid } from "./services/subscribers";

/**
 * Loader data of the pages a newsletter email links to: the token from the query, whether it is
 * valid, and noindex meta. Opening the page changes nothing; its button does.
 */
export function loadNewsletterLinkPage(
  request: Request,
  context: Pick<AppServices, "config" | "clock">,
  page: { purpose: "confirm" | "unsubscribe"; title: string; description: string },
) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return {
    token,
    valid: isNewsletterTokenValid(context, token, page.purpose),
    meta: pageSeo({
      title: page.title,
      description: page.description,
      path: `/newsletter/${page.purpose}`,
      noindex: true,
    }),
  };
}
