import { newsletterConsentText } from "~/lib/newsletter-interests";
import { newsletterSignupSchema } from "~/lib/newsletter-schema";
import { invalidInput, type InvalidInput } from "../core/invalid-input";
import { checkRateLimits } from "../core/rate-limit";
import type { ServiceDeps } from "../core/service-deps";
import { checkSpamTraps, type SpamTrapValues } from "../core/spam-traps";
import { requestMembership } from "./list-memberships";

export type NewsletterSignupOutcome =
  InvalidInput | { outcome: "accepted" } | { outcome: "rate-limited"; retryAfterSeconds: number };

/**
 * A signup from /signup or a subscribe box: the submitted fields as received. "accepted" whatever
 * the address's state, so the answer never tells who is on the list; a caught bot is accepted and
 * ignored, a post without its form token included: the boxes sit on prerendered pages and fetch
 * their token once hydrated (decision 064).
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
  if (checkSpamTraps(deps, "newsletter", traps) !== "passed") return { outcome: "accepted" };
  const signup = parsed.data;
  await requestMembership(deps, {
    list: "newsletter",
    email: signup.email,
    firstName: signup.firstName,
    interests: signup.interests,
    source: signup.source,
    consentText: newsletterConsentText,
  });
  return { outcome: "accepted" };
}
