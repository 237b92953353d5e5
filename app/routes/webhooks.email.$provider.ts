import type { Route } from "./+types/webhooks.email.$provider";
import { receiveProviderWebhook } from "~/.server/deliverability";
import { readSignedTextBody } from "~/.server/http/request-body";

/**
 * The email providers' webhooks (docs/email-and-deliverability.md): bounces and complaints,
 * signed. The body is checked and kept before the answer; its events are read after it.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const body = await readSignedTextBody(request);
  const answer = await receiveProviderWebhook(context, {
    provider: params.provider,
    headers: request.headers,
    body,
  });
  if (answer.status !== 200)
    return Response.json({ error: answer.message }, { status: answer.status });
  return Response.json({ received: true, outcome: answer.outcome });
}

/** Only providers post here. */
export function loader() {
  return Response.json({ error: "Providers POST their events here." }, { status: 405 });
}
