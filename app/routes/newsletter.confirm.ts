import { redirect } from "react-router";
import type { Route } from "./+types/newsletter.confirm";
import { listLinkPath } from "~/.server/audience";

/** A confirmation link from before the lists shared one URL shape (still in inboxes). */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") || "missing";
  return redirect(listLinkPath("newsletter", "confirm", token), 301);
}
