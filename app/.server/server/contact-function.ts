import type { RequestHandler, Response as ExpressResponse } from "express";
import type { AppServices } from "../core/service-deps";
import { logFailure } from "../core/logger";
import { receiveContactMessage } from "../leads/contact-messages";
import { readJsonBody } from "../http/request-body";
import { spamTrapFields } from "~/lib/spam-trap-fields";

type FunctionAnswer =
  { success: true } | { success: false; error: string; fieldErrors?: Record<string, string[]> };

function answer(
  response: ExpressResponse,
  body: FunctionAnswer,
  status = 200,
  headers: Record<string, string> = {},
) {
  response
    .status(status)
    .set({ "Cache-Control": "no-store", ...headers })
    .json(body);
}

/** A refusal the body reader threw (413, 415, 400) sent as it is. */
async function sendRefusal(response: ExpressResponse, refusal: Response) {
  response.status(refusal.status);
  refusal.headers.forEach((value, name) => response.setHeader(name, value));
  response.send(await refusal.text());
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

/**
 * The spec's `send-contact-email` function: `{firstName, lastName, email, company, interest,
 * message}` and the form token (`formToken`, from GET /functions/v1/form-token) → `{ success:
 * true }` or `{ success: false, error }`, with HTTP statuses that say what went wrong.
 *
 * The busiest public write, so a plain Express handler: React Router's conversion of every request
 * to a Fetch `Request` cost more than the validation and the transaction together (issue 14). The
 * contact service stays the one path a message takes, as it is from the /contact form.
 */
export function contactFunction(services: AppServices): RequestHandler {
  return async (request, response) => {
    if (request.method !== "POST") {
      return answer(response, { success: false, error: "Use POST" }, 405, { Allow: "POST" });
    }
    let body: Record<string, unknown>;
    try {
      body = await readJsonBody(request);
    } catch (refusal) {
      if (refusal instanceof Response) return sendRefusal(response, refusal);
      throw refusal;
    }
    let received;
    try {
      received = await receiveContactMessage(services, {
        fields: body,
        traps: {
          honeypot: text(body[spamTrapFields.honeypot]),
          formToken: text(body[spamTrapFields.formToken]),
        },
        clientAddress: request.ip ?? request.socket.remoteAddress ?? "unknown",
      });
    } catch (error) {
      logFailure("contact message not stored", error);
      return answer(
        response,
        { success: false, error: "The message could not be saved. Please try again." },
        500,
      );
    }
    if (received.outcome === "invalid") {
      const { error, fieldErrors } = received;
      return answer(response, { success: false, error, fieldErrors }, 400);
    }
    if (received.outcome === "rate-limited") {
      return answer(
        response,
        { success: false, error: "Too many messages. Please try again later." },
        429,
        { "Retry-After": String(received.retryAfterSeconds) },
      );
    }
    answer(response, { success: true });
  };
}
