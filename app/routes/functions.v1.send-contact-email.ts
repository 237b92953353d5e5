import { data } from "react-router";
import type { Route } from "./+types/functions.v1.send-contact-email";
import { readJsonBody } from "~/.server/http/request-body";
import { logFailure } from "~/.server/logger";
import { receiveContactMessage } from "~/.server/services/contact-messages";
import { spamTrapFields } from "~/lib/spam-trap-fields";

type FunctionAnswer =
  { success: true } | { success: false; error: string; fieldErrors?: Record<string, string[]> };

function answer(body: FunctionAnswer, status = 200, headers?: HeadersInit) {
  return data(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

export function loader() {
  return answer({ success: false, error: "Use POST" }, 405, { Allow: "POST" });
}

/**
 * The spec's `send-contact-email` function: `{firstName, lastName, email, company, interest,
 * message}` and the form token (`formToken`, from GET /functions/v1/form-token) → `{ success:
 * true }` or `{ success: false, error }`, with HTTP statuses that say what went wrong.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return answer({ success: false, error: "Use POST" }, 405, { Allow: "POST" });
  }
  const body = await readJsonBody(request);
  let received;
  try {
    received = await receiveContactMessage(context, {
      fields: body,
      traps: {
        honeypot: text(body[spamTrapFields.honeypot]),
        formToken: text(body[spamTrapFields.formToken]),
      },
      clientAddress: context.clientAddress,
    });
  } catch (error) {
    logFailure("contact message not stored", error);
    return answer(
      { success: false, error: "The message could not be saved. Please try again." },
      500,
    );
  }
  if (received.outcome === "invalid") {
    const { error, fieldErrors } = received;
    return answer({ success: false, error, fieldErrors }, 400);
  }
  if (received.outcome === "rate-limited") {
    return answer({ success: false, error: "Too many messages. Please try again later." }, 429, {
      "Retry-After": String(received.retryAfterSeconds),
    });
  }
  return answer({ success: true });
}
