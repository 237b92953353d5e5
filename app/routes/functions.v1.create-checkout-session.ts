import type { Route } from "./+types/functions.v1.create-checkout-session";
import { readJsonBody } from "~/.server/http/request-body";
import { startCheckout } from "~/.server/sales";
import { spamTrapFields } from "~/lib/spam-trap-fields";

function answer(
  body: { url: string; sessionId?: string } | { error: string },
  status = 200,
  headers?: HeadersInit,
) {
  return Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

/**
 * The spec's create-checkout-session function: the items, the return URLs and the form token in
 * a JSON body → `{ url }` of a Stripe Checkout session for a new pending order. With
 * `prepare: true` (the page, before the press: decision 275) the answer adds its `sessionId`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return answer({ error: "Use POST." }, 405, { Allow: "POST" });
  const body = await readJsonBody(request);
  const started = await startCheckout(context, {
    fields: body,
    traps: {
      honeypot: text(body[spamTrapFields.honeypot]),
      formToken: text(body[spamTrapFields.formToken]),
    },
    clientAddress: context.clientAddress,
  });
  switch (started.outcome) {
    case "opened":
      return answer(
        body.prepare === true
          ? { url: started.url, sessionId: started.sessionId }
          : { url: started.url },
      );
    case "closed":
      return answer({ error: "Purchases are not open yet. Please check back soon." }, 503);
    case "invalid":
      return answer({ error: started.error }, 400);
    case "rate-limited":
      return answer(
        { error: "Too many checkout attempts. Please try again in a few minutes." },
        429,
        { "retry-after": String(started.retryAfterSeconds) },
      );
    case "discarded":
    case "provider-failed":
      return answer(
        { error: "Unable to start checkout with the payment provider. Please try again." },
        502,
      );
  }
}
