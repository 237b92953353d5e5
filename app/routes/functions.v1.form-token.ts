import type { Route } from "./+types/functions.v1.form-token";
import { handOutFormToken } from "~/.server/core/spam-traps";

const noStore = { "Cache-Control": "no-store" };

/**
 * A fresh form token (the server-signed start time the spam trap checks), for forms on
 * prerendered pages and for API callers of the public functions.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const handedOut = await handOutFormToken(context, context.clientAddress);
  if ("token" in handedOut) return Response.json({ token: handedOut.token }, { headers: noStore });
  return Response.json(
    { error: "Too many requests: try again later." },
    { status: 429, headers: { ...noStore, "Retry-After": String(handedOut.retryAfterSeconds) } },
  );
}
