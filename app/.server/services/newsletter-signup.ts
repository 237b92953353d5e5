import { newsletterSignupSchema } from "~/lib/newsletter-schema";
import { hitRateLimit } from "./rate-limit";
import { requestSubscription, type SubscriberDeps } from "./subscribers";

export type NewsletterSignupOutcome =
  | { outcome: "accepted" }
  | { outcome: "invalid"; fieldErrors: Record<string, string[]> }
  | { outcome: "rate-limited"; retryAfterSeconds: number };

const signupRateWindowMs = 10 * 60_000;

/**
 * A signup form post (/signup or a subscribe box). "accepted" whatever the address's state, so
 * the answer never tells who is on the list; a filled honeypot is accepted and ignored.
 */
export async function receiveNewsletterSignup(
  deps: SubscriberDeps,
  { formData, clientAddress }: { formData: FormData; clientAddress: string },
): Promise<NewsletterSignupOutcome> {
  const parsed = newsletterSignupSchema.safeParse({
    firstName: formData.get("firstName") ?? undefined,
    email: formData.get("email") ?? "",
    interests: formData.getAll("interests"),
    source: formData.get("source") || undefined,
  });
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      (fieldErrors[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
    }
    return { outcome: "invalid", fieldErrors };
  }
  if (deps.config.NEWSLETTER_RATE_LIMIT > 0) {
    const decision = await hitRateLimit(deps.db, {
      bucket: "newsletter",
      key: `ip:${clientAddress}`,
      limit: deps.config.NEWSLETTER_RATE_LIMIT,
      windowMs: signupRateWindowMs,
      now: deps.clock.now(),
    });
    if (!decision.allowed) {
      return { outcome: "rate-limited", retryAfterSeconds: decision.retryAfterSeconds };
    }
  }
  if (String(formData.get("hp_comment") ?? "").trim()) return { outcome: "accepted" };
  await requestSubscription(deps, parsed.data);
  return { outcome: "accepted" };
}
