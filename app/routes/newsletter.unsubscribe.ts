import { redirect } from "react-router";
import type { Route } from "./+types/newsletter.unsubscribe";
import { listLinkContent } from "~/content/list-links";
import { listLinkPath, unsubscribeMembership } from "~/.server/audience";
import { readFormBody } from "~/.server/http/request-body";

/** An unsubscribe link from before the lists shared one URL shape (still in inboxes). */
function tokenOf(request: Request) {
  return new URL(request.url).searchParams.get("token") || "missing";
}

export function loader({ request }: Route.LoaderArgs) {
  return redirect(listLinkPath("newsletter", "unsubscribe", tokenOf(request)), 301);
}

/**
 * Old emails' List-Unsubscribe header names this URL: mail clients POST to it (RFC 8058) and
 * expect a 2xx, so it acts here and answers in words, not with a redirect.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await readFormBody(request, { allowUntyped: true });
  const outcome = await unsubscribeMembership(context, {
    list: "newsletter",
    token: tokenOf(request),
  });
  const content =
    listLinkContent.newsletter.unsubscribe[outcome === "unsubscribed" ? "done" : "invalid"];
  return new Response(`${content.title}. ${content.text}`, {
    status: outcome === "unsubscribed" ? 200 : 404,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
