import { redirect } from "react-router";
import type { Route } from "./+types/schedule";

/** Sends the visitor to the external scheduling page configured on the running server. */
export function loader({ context }: Route.LoaderArgs) {
  return redirect(context.config.SCHEDULING_URL, {
    headers: { "Cache-Control": "no-store" },
  });
}
