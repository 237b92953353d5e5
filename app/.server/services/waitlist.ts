import { randomUUID } from "node:crypto";
import { z } from "zod";
import { enqueueEmail } from "../mail/outbox";
import { nowAvailableEmail, waitlistConfirmationEmail } from "../mail/templates/waitlist-emails";
import { signLink, verifyLink } from "../signed-links";
import { emailKey } from "./email-key";
import { checkRateLimits, rateLimitWindowMs } from "./rate-limit";
import type { ServiceDeps } from "./service-deps";
import { checkSpamTraps, missingFormToken, type SpamTrapValues } from "./spam-traps";

const CONFIRMATION_TTL_MS = 7 * 24 * 3_600_000;

const emailSchema = z.email().max(254);
// Waitlist links are mailing-list links like the newsletter's: they share NEWSLETTER_LINK_SECRET
// (the signed text names the purpose, so one kind of token never passes for the other).

export function waitlistConfirmUrl(siteUrl: string, token: string) {
  return `${siteUrl}/waitlist/confirm/${token}`;
}

export type WaitlistSignupOutcome =
  | { outcome: "invalid"; error: string }
  | { outcome: "rate-limited"; retryAfterSeconds: number }
  | { outcome: "accepted" };

/**
 * 'Notify me when it's available': the submitted address as received. Stores it as pending and
 * queues the confirmation email. Answers the same for a new, pending or confirmed address (and to
 * a caught bot), so the form reveals nothing.
 */
export async function joinWaitlist(
  deps: ServiceDeps,
  {
    fields,
    traps,
    clientAddress,
  }: { fields: { email?: unknown }; traps: SpamTrapValues; clientAddress: string },
): Promise<WaitlistSignupOutcome> {
  const { db, clock, config } = deps;
  const parsed = emailSchema.safeParse(typeof fields.email === "string" ? fields.email.trim() : "");
  if (!parsed.success) return { outcome: "invalid", error: "Please enter a valid email address." };
  const email = parsed.data;
  // A mailing-list signup like the newsletter's: the same per-address allowance, its own count.
  const limited = await checkRateLimits(deps, {
    bucket: "waitlist",
    keys: [`ip:${clientAddress}`],
    limit: config.NEWSLETTER_RATE_LIMIT,
  });
  if (!limited.allowed) {
    return { outcome: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  }
  const verdict = checkSpamTraps(deps, traps);
  if (verdict === "missing-token") return { outcome: "invalid", error: missingFormToken.error };
  if (verdict !== "passed") return { outcome: "accepted" };
  const key = emailKey(email);
  const now = clock.now();
  const queued = await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("waitlist_signups")
      .select(["id", "status", "confirmation_sent_at"])
      .where("email_key", "=", key)
      .executeTakeFirst();
    if (existing?.status === "confirmed") return false;
    const sentAt = existing?.confirmation_sent_at;
    // A second signup for a pending address within one rate-limit window sends no second email.
    if (sentAt && now.getTime() - new Date(sentAt).getTime() < rateLimitWindowMs) return false;
    const id = existing?.id ?? randomUUID();
    if (existing) {
      await trx
        .updateTable("waitlist_signups")
        .set({ confirmation_sent_at: now.toISOString() })
        .where("id", "=", id)
        .execute();
    } else {
      await trx
        .insertInto("waitlist_signups")
        .values({
          id,
          email,
          email_key: key,
          status: "pending",
          created_at: now.toISOString(),
          confirmation_sent_at: now.toISOString(),
          confirmed_at: null,
          notified_at: null,
        })
        .onConflict((conflict) => conflict.column("email_key").doNothing())
        .execute();
    }
    const expiresAt = new Date(now.getTime() + CONFIRMATION_TTL_MS);
    const token = signLink(config.NEWSLETTER_LINK_SECRET, "waitlist-confirm", id, expiresAt);
    await enqueueEmail(
      trx,
      {
        purpose: "waitlist.confirmation",
        to: email,
        from: config.MAIL_FROM,
        ...(await waitlistConfirmationEmail({
          confirmUrl: waitlistConfirmUrl(config.SITE_URL, token),
          expiresAt,
        })),
      },
      { now },
    );
    return true;
  });
  if (queued) deps.outbox.wake();
  return { outcome: "accepted" };
}

/** Whether a confirmation link is good, without using it (the page asks for a click first). */
export function checkWaitlistToken({ clock, config }: Omit<ServiceDeps, "db">, token: string) {
  return verifyLink(config.NEWSLETTER_LINK_SECRET, "waitlist-confirm", token, clock.now());
}

/**
 * Confirms the address behind a valid link; confirming twice is harmless. Sales may already be
 * open: a newly confirmed address then gets its one 'now available' email at once.
 */
export async function confirmWaitlistSignup(
  deps: ServiceDeps,
  token: string,
): Promise<"confirmed" | "invalid" | "expired"> {
  const verified = checkWaitlistToken(deps, token);
  if (!verified.ok) return verified.reason;
  const now = deps.clock.now().toISOString();
  const updated = await deps.db
    .updateTable("waitlist_signups")
    .set({ status: "confirmed", confirmed_at: now })
    .where("id", "=", verified.subject)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    const signup = await deps.db
      .selectFrom("waitlist_signups")
      .select("id")
      .where("id", "=", verified.subject)
      .executeTakeFirst();
    if (!signup) return "invalid";
    return "confirmed";
  }
  await notifyWaitlist(deps);
  return "confirmed";
}

/**
 * Once sales are open, queues one 'now available' email per confirmed address. Each address is
 * claimed with a conditional UPDATE on notified_at in the transaction that queues its email, so
 * running this again, or on two instances at once, never sends twice.
 */
export async function notifyWaitlist(deps: ServiceDeps): Promise<number> {
  const { db, clock, config } = deps;
  if (!config.SALES_OPEN) return 0;
  const waiting = await db
    .selectFrom("waitlist_signups")
    .select(["id", "email"])
    .where("status", "=", "confirmed")
    .where("notified_at", "is", null)
    .execute();
  let queued = 0;
  for (const signup of waiting) {
    const now = clock.now();
    const claimed = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("waitlist_signups")
        .set({ notified_at: now.toISOString() })
        .where("id", "=", signup.id)
        .where("notified_at", "is", null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return false;
      await enqueueEmail(
        trx,
        {
          purpose: "waitlist.now-available",
          to: signup.email,
          from: config.MAIL_FROM,
          ...(await nowAvailableEmail({ buyUrl: `${config.SITE_URL}/buy-now` })),
        },
        { now },
      );
      return true;
    });
    if (claimed) queued += 1;
  }
  if (queued > 0) deps.outbox.wake();
  return queued;
}
