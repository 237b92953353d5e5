import type { Route } from "./+types/atom-xml";
import { getConfig } from "~/.server/core/config";
import { articleFeed } from "~/.server/publishing";

/** The published articles as a feed, rendered per request and kept by the content cache. */
export async function loader({ context }: Route.LoaderArgs) {
  const body = await articleFeed(context.db, getConfig().SITE_URL, "atom");
  return new Response(body, { headers: { "Content-Type": "application/atom+xml; charset=utf-8" } });
}
