import { redirect } from "react-router";
import type { Route } from "./+types/waitlist.confirm.$token";
import { listLinkPath } from "~/.server/audience";

/** A waitlist confirmation link from before the lists shared one URL shape (still in inboxes). */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(listLinkPath("waitlist", "confirm", params.token), 301);
}
