import { newsletterConsentText } from "~/lib/newsletter-interests";
import { newsletterSignupSchema } from "~/lib/newsletter-schema";
import { invalidInput, type InvalidInput } from "../core/invalid-input";
import { checkRateLimits } from "../core/rate-limit";
import type { ServiceDeps } from "../core/service-deps";
import { checkSpamTraps, type SpamTrapValues } from "../core/spam-traps";
import { readVisitSource } from "../analytics";
import { requestMembership } from "./list-memberships";

export type NewsletterSignupOutcome =
  InvalidInput | { outcome: "accepted" } | { outcome: "rate-limited"; retryAfterSeconds: number };

/**
 * A signup from /signup or a subscribe box: the submitted fields as received. "accepted" whatever
 * the address's state, so the answer never tells who is on the list; a caught bot is accepted and
 * ignored. A post with no form token at all passes the time trap: the boxes sit on prerendered
 * pages, which carry none without JavaScript (decision 064).
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
  // A box on a prerendered page has no token without JavaScript: with none at all only the
  // honeypot is checked, and the confirmation email stays this list's gate (decision 064).
  const verdict = checkSpamTraps(deps, "newsletter", traps, { tokenOptional: true });
  if (verdict !== "passed") return { outcome: "accepted" };
  const signup = parsed.data;
  await requestMembership(deps, {
    list: "newsletter",
    email: signup.email,
    firstName: signup.firstName,
    interests: signup.interests,
    source: signup.source,
    consentText: newsletterConsentText,
    visitSource: readVisitSource(fields.attribution, deps.config.SITE_URL),
  });
  return { outcome: "accepted" };
}
