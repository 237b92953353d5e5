import { ianaTimeZone } from "~/lib/time-zone-field";
import { z } from "zod";
import { visitSourceOf } from "../../analytics";
import { receiveSignupRequest } from "./signup-requests";
import { checkRateLimits } from "../../core/rate-limit";
import type { ServiceDeps } from "../../core/service-deps";
import { checkSpamTraps, type SpamTrapValues } from "../../core/spam-traps";
import { buyNowContent } from "~/content/buy-now";

const emailSchema = z.email().max(254);

export type WaitlistSignupOutcome =
  | { outcome: "invalid"; error: string }
  | { outcome: "rate-limited"; retryAfterSeconds: number }
  | { outcome: "accepted" };

/**
 * 'Notify me when it's available': the submitted address as received. The waitlist is a list
 * like the newsletter (one double opt-in). Answers the same for a new, pending or confirmed
 * address (and to a caught bot), so the form reveals nothing.
 */
export async function joinWaitlist(
  deps: ServiceDeps,
  {
    fields,
    traps,
    clientAddress,
  }: {
    /** The address, and the page script's `attribution` field when the form carried one. */
    fields: { email?: unknown; attribution?: unknown; timeZone?: unknown };
    traps: SpamTrapValues;
    clientAddress: string;
  },
): Promise<WaitlistSignupOutcome> {
  const { config } = deps;
  const parsed = emailSchema.safeParse(typeof fields.email === "string" ? fields.email.trim() : "");
  if (!parsed.success) return { outcome: "invalid", error: "Please enter a valid email address." };
  // A mailing-list signup like the newsletter's: the same per-address allowance, its own count.
  const limited = await checkRateLimits(deps, {
    bucket: "waitlist",
    keys: [`ip:${clientAddress}`],
    limit: config.NEWSLETTER_RATE_LIMIT,
  });
  if (!limited.allowed) {
    return { outcome: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  }
  if (checkSpamTraps(deps, "waitlist", traps) !== "passed") return { outcome: "accepted" };
  // As the newsletter's: kept before the answer, settled after it (issue 20).
  await receiveSignupRequest(deps, {
    list: "waitlist",
    email: parsed.data,
    source: "/buy-now",
    consentText: buyNowContent.waitlist.consent,
    visitSource: await visitSourceOf(fields.attribution, deps, clientAddress),
    timeZone: ianaTimeZone(fields.timeZone),
  });
  return { outcome: "accepted" };
}
