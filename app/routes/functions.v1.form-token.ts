import type { Route } from "./+types/functions.v1.form-token";
import { issueFormToken } from "~/.server/core/spam-traps";

/**
 * A fresh form token (the server-signed start time the spam trap checks), for forms on
 * prerendered pages and for API callers of the public functions.
 */
export function loader({ context }: Route.LoaderArgs) {
  return Response.json(
    { token: issueFormToken(context) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
