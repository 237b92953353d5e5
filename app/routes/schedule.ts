import { redirect } from "react-router";
import type { Route } from "./+types/schedule";

/**
 * Sends the visitor to the scheduling page: an outside one when SCHEDULING_URL is set on the
 * running server, otherwise the site's own intro-call booking page.
 */
export function loader({ context }: Route.LoaderArgs) {
  return redirect(context.config.SCHEDULING_URL ?? "/booking", {
    headers: { "Cache-Control": "no-store" },
  });
}
