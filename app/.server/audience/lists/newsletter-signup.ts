import { ianaTimeZone } from "~/lib/time-zone-field";
import { newsletterConsentText } from "~/lib/newsletter-interests";
import { newsletterSignupSchema } from "~/lib/newsletter-schema";
import { invalidInput, type InvalidInput } from "../../core/invalid-input";
import { checkRateLimits } from "../../core/rate-limit";
import type { ServiceDeps } from "../../core/service-deps";
import { checkSpamTraps, issueRefilledFormToken, type SpamTrapValues } from "../../core/spam-traps";
import { visitSourceOf } from "../../analytics";
import { receiveSignupRequest } from "./signup-requests";

export type NewsletterSignupOutcome =
  | InvalidInput
  | { outcome: "accepted" }
  | { outcome: "rate-limited"; retryAfterSeconds: number }
  | { outcome: "needs-click"; formToken: string };

/**
 * A signup from /signup or a subscribe box: the submitted fields as received. "accepted" whatever
 * the address's state, so the answer never tells who is on the list; a caught bot is accepted and
 * ignored. A post with no form token at all keeps nothing either: it comes from a prerendered page
 * read without JavaScript (or a bot posting blind), and is handed back with a fresh token for one
 * more click (decision 064).
 */
export async function receiveNewsletterSignup(
  deps: ServiceDeps,
  {
    fields,
    traps,
    clientAddress,
  }: { fields: Record<string, unknown>; traps: SpamTrapValues; clientAddress: string },
): Promise<NewsletterSignupOutcome> {
  const parsed = newsletterSignupSchema.safeParse(fields);
  if (!parsed.success) return invalidInput(parsed.error);
  const limited = await checkRateLimits(deps, {
    bucket: "newsletter",
    keys: [`ip:${clientAddress}`],
    limit: deps.config.NEWSLETTER_RATE_LIMIT,
  });
  if (!limited.allowed) {
    return { outcome: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  }
  const verdict = checkSpamTraps(deps, "newsletter", traps);
  if (verdict === "missing-token") {
    return { outcome: "needs-click", formToken: issueRefilledFormToken(deps) };
  }
  if (verdict !== "passed") return { outcome: "accepted" };
  const signup = parsed.data;
  // Kept before the answer, turned into rows and an email after it (issue 20, equal time).
  await receiveSignupRequest(deps, {
    list: "newsletter",
    email: signup.email,
    firstName: signup.firstName,
    interests: signup.interests,
    source: signup.source,
    consentText: newsletterConsentText,
    visitSource: await visitSourceOf(fields.attribution, deps, clientAddress),
    timeZone: ianaTimeZone(fields.timeZone),
  });
  return { outcome: "accepted" };
}
