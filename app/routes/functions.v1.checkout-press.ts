import type { Route } from "./+types/functions.v1.checkout-press";
import { readJsonBody } from "~/.server/http/request-body";
import { recordCheckoutPress } from "~/.server/sales";

function answer(
  body: { opened: boolean } | { error: string },
  status = 200,
  headers?: HeadersInit,
) {
  return Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });
}

/**
 * The purchase page's beacon when Complete Purchase went straight to a session prepared for the
 * form (decision 275): `{ sessionId, attribution, timeZone }` → the order is opened.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return answer({ error: "Use POST." }, 405, { Allow: "POST" });
  const pressed = await recordCheckoutPress(context, {
    fields: await readJsonBody(request),
    clientAddress: context.clientAddress,
  });
  switch (pressed.outcome) {
    case "opened":
    case "unchanged":
      return answer({ opened: pressed.outcome === "opened" });
    case "closed":
      return answer({ error: "Purchases are not open yet. Please check back soon." }, 503);
    case "invalid":
      return answer({ error: pressed.error }, 400);
    case "rate-limited":
      return answer(
        { error: "Too many checkout attempts. Please try again in a few minutes." },
        429,
        { "retry-after": String(pressed.retryAfterSeconds) },
      );
  }
}
