import { randomUUID } from "node:crypto";
import { z } from "zod";
import { enqueueEmail } from "../mail/outbox";
import { nowAvailableEmail, waitlistConfirmationEmail } from "../mail/templates/waitlist-emails";
import { signLink, verifyLink } from "../signed-links";
import type { CheckoutDeps } from "./checkout-deps";
import { rememberPerson } from "../audience/people";

const CONFIRMATION_TTL_MS = 7 * 24 * 3_600_000;
/** A second signup for the same pending address within this window sends no second email. */
const RESEND_AFTER_MS = 10 * 60_000;

const emailSchema = z.email().max(254);
// Waitlist links are mailing-list links like the newsletter's: they share NEWSLETTER_LINK_SECRET
// (the signed text names the purpose, so one kind of token never passes for the other).

export function waitlistConfirmUrl(siteUrl: string, token: string) {
  return `${siteUrl}/waitlist/confirm/${token}`;
}

/**
 * 'Notify me when it's available': stores the address as pending and queues the confirmation
 * email. Answers the same for a new, pending or confirmed address, so the form reveals nothing.
 */
export async function joinWaitlist(
  { db, clock, config }: CheckoutDeps,
  rawEmail: string,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const email = rawEmail.trim();
  if (!emailSchema.safeParse(email).success) {
    return { ok: false, error: "Please enter a valid email address." };
  }
  const emailKey = email.toLowerCase();
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("waitlist_signups")
      .select(["id", "status", "confirmation_sent_at"])
      .where("email_key", "=", emailKey)
      .executeTakeFirst();
    if (existing?.status === "confirmed") return;
    const sentAt = existing?.confirmation_sent_at;
    if (sentAt && now.getTime() - new Date(sentAt).getTime() < RESEND_AFTER_MS) return;
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
          email_key: emailKey,
          status: "pending",
          created_at: now.toISOString(),
          confirmation_sent_at: now.toISOString(),
          confirmed_at: null,
          notified_at: null,
          person_id: await rememberPerson(trx, { email, source: "/buy-now", now }),
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
        ...waitlistConfirmationEmail({
          confirmUrl: waitlistConfirmUrl(config.SITE_URL, token),
          expiresAt,
        }),
      },
      { now },
    );
  });
  return { ok: true };
}

/** Whether a confirmation link is good, without using it (the page asks for a click first). */
export function checkWaitlistToken({ clock, config }: Omit<CheckoutDeps, "db">, token: string) {
  return verifyLink(config.NEWSLETTER_LINK_SECRET, "waitlist-confirm", token, clock.now());
}

/** Confirms the address behind a valid link; confirming twice is harmless. */
export async function confirmWaitlistSignup(
  deps: CheckoutDeps,
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
  }
  return "confirmed";
}

/**
 * Once sales are open, queues one 'now available' email per confirmed address. Each address is
 * claimed with a conditional UPDATE on notified_at in the transaction that queues its email, so
 * running this again, or on two instances at once, never sends twice.
 */
export async function notifyWaitlist({ db, clock, config }: CheckoutDeps): Promise<number> {
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
          ...nowAvailableEmail({ buyUrl: `${config.SITE_URL}/buy-now` }),
        },
        { now },
      );
      return true;
    });
    if (claimed) queued += 1;
  }
  return queued;
}
