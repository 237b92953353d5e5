import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppServices } from "../../core/service-deps";
import { logFailure, requestScope } from "../../core/logger";
import { receiveContactMessage } from "../../leads";
import { readJsonBody } from "../../http/request-body";
import { clientAddressOf, type TrustProxy } from "../wiring/client-address";
import { pathOf, sendJson, sendRefusal, type EarlyAnswerer } from "./early-answers";
import { followRequest } from "../observability/request-logging";
import { spamTrapFields } from "~/lib/spam-trap-fields";

/** Where the spec's contact function is posted. */
export const contactFunctionPath = "/functions/v1/send-contact-email";

type FunctionAnswer =
  { success: true } | { success: false; error: string; fieldErrors?: Record<string, string[]> };

function answer(
  response: ServerResponse,
  body: FunctionAnswer,
  status = 200,
  headers: Record<string, string> = {},
) {
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  sendJson(response, status, body);
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

async function answerContactFunction(
  services: AppServices,
  trustProxy: TrustProxy,
  request: IncomingMessage,
  response: ServerResponse,
) {
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
    const gpc = request.headers["sec-gpc"];
    received = await receiveContactMessage(
      {
        ...services,
        globalPrivacyControl: (Array.isArray(gpc) ? gpc[0] : gpc)?.trim() === "1",
        userAgent: request.headers["user-agent"],
      },
      {
        fields: body,
        traps: {
          honeypot: text(body[spamTrapFields.honeypot]),
          formToken: text(body[spamTrapFields.formToken]),
        },
        clientAddress: clientAddressOf(request, trustProxy),
      },
    );
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
}

/**
 * The spec's `send-contact-email` function: `{firstName, lastName, email, company, interest,
 * message}` and the form token (`formToken`, from GET /functions/v1/form-token) → `{ success:
 * true }` or `{ success: false, error }`, with HTTP statuses that say what went wrong.
 *
 * The busiest public write, so answered by the plain Node listener before Express, as the beacon
 * is: Express's routing and middleware cost more than the checks and the transaction (issue 21).
 * It keeps what they gave it: the request log line with its X-Request-Id, the security headers,
 * and the client address read through the trusted proxies. The contact service stays the one
 * path a message takes.
 */
export function contactFunctionAnswerer(
  services: AppServices,
  {
    trustProxy,
    setHeaders,
  }: {
    trustProxy: TrustProxy;
    /** The headers every answer of the site carries (the security headers). */
    setHeaders: (request: IncomingMessage, response: ServerResponse) => void;
  },
): EarlyAnswerer {
  return (request: IncomingMessage, response: ServerResponse) => {
    if (pathOf(request) !== contactFunctionPath) return undefined;
    const reqId = followRequest(request, response, () => contactFunctionPath);
    setHeaders(request, response);
    response.setHeader("Cache-Control", "no-store");
    requestScope.run({ reqId }, () => {
      answerContactFunction(services, trustProxy, request, response).catch((error: unknown) => {
        logFailure("contact function failed", error);
        if (response.headersSent) return response.destroy();
        answer(response, { success: false, error: "Internal Server Error" }, 500);
      });
    });
    return contactFunctionPath;
  };
}
