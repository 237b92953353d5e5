import { data } from "react-router";
import { readJson, RequestBodyError } from "~/.server/http/request-body";
import type { Route } from "./+types/functions.v1.send-contact-email";
import { contactTrapsFrom } from "~/.server/services/contact-form-submission";
import { receiveContactMessage } from "~/.server/services/contact-messages";
import { contactMessageSchema } from "~/lib/contact-message-schema";

/** Larger bodies are refused before they are read in full. */
export const maxContactBodyBytes = 32 * 1024;

type FunctionAnswer =
  { success: true } | { success: false; error: string; fieldErrors?: Record<string, string[]> };

function answer(body: FunctionAnswer, status = 200, headers?: HeadersInit) {
  return data(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export function loader() {
  return answer({ success: false, error: "Use POST" }, 405, { Allow: "POST" });
}

/**
 * The spec's `send-contact-email` function: `{firstName, lastName, email, company, interest,
 * message}` → `{ success: true }` or `{ success: false, error }`, with HTTP statuses that say
 * what went wrong. The optional spam-trap fields of the form are read too.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return answer({ success: false, error: "Use POST" }, 405, { Allow: "POST" });
  }
  let body: unknown;
  try {
    body = await readJson(request, maxContactBodyBytes);
  } catch (error) {
    if (!(error instanceof RequestBodyError)) throw error;
    return answer({ success: false, error: error.message }, error.status, error.headers);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return answer({ success: false, error: "The body must be a JSON object" }, 400);
  }
  const parsed = contactMessageSchema.safeParse(body);
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path.join(".") || "body";
      (fieldErrors[field] ??= []).push(issue.message);
    }
    const first = parsed.error.issues[0]!;
    return answer({ success: false, error: first.message, fieldErrors }, 400);
  }
  const fields = new Map(Object.entries(body));
  try {
    const received = await receiveContactMessage(context, {
      message: parsed.data,
      traps: contactTrapsFrom(fields),
      clientAddress: context.clientAddress,
    });
    if (received.outcome === "rate-limited") {
      return answer({ success: false, error: "Too many messages. Please try again later." }, 429, {
        "Retry-After": String(received.retryAfterSeconds),
      });
    }
    if (received.outcome === "stored") context.outbox.wake();
    return answer({ success: true });
  } catch (error) {
    console.error(`Contact message not stored: ${(error as Error).message}`);
    return answer(
      { success: false, error: "The message could not be saved. Please try again." },
      500,
    );
  }
}
