import { randomUUID } from "node:crypto";
import type { Trx } from "../db/database";
import type { SubscriberTable } from "../db/schema";
import { enqueueEmail } from "../mail/outbox";
import { newsletterConfirmation } from "../mail/templates/newsletter-confirmation";
import { newsletterWelcome } from "../mail/templates/newsletter-welcome";
import type { ServiceDeps } from "./service-deps";
import { newsletterConsentText } from "~/lib/newsletter-interests";
import type { NewsletterSignup } from "~/lib/newsletter-schema";
import { emailKey } from "./email-key";
import {
  confirmationLinkDays,
  listUnsubscribeHeaders,
  signNewsletterToken,
  verifyNewsletterToken,
} from "./newsletter-links";
import { rememberPerson } from "../audience/people";

/** No second confirmation email to one address within this time. */
export const confirmationCoolingMs = 60 * 60_000;

const dayMs = 24 * 60 * 60_000;

function newsletterUrls(deps: ServiceDeps, subscriberId: string) {
  const { config, clock } = deps;
  const secret = config.NEWSLETTER_LINK_SECRET;
  const confirmToken = signNewsletterToken(secret, {
    purpose: "confirm",
    subscriberId,
    expiresAt: new Date(clock.now().getTime() + confirmationLinkDays * dayMs),
  });
  const unsubscribeToken = signNewsletterToken(secret, { purpose: "unsubscribe", subscriberId });
  return {
    confirm: `${config.SITE_URL}/newsletter/confirm?token=${confirmToken}`,
    unsubscribe: `${config.SITE_URL}/newsletter/unsubscribe?token=${unsubscribeToken}`,
  };
}

async function enqueueConfirmation(deps: ServiceDeps, trx: Trx, subscriber: SubscriberTable) {
  const links = newsletterUrls(deps, subscriber.id);
  await enqueueEmail(
    trx,
    {
      purpose: "newsletter.confirmation",
      to: subscriber.email,
      from: deps.config.MAIL_FROM,
      ...(await newsletterConfirmation({
        firstName: subscriber.first_name ?? undefined,
        links,
        validDays: confirmationLinkDays,
      })),
      headers: listUnsubscribeHeaders(links.unsubscribe),
    },
    { now: deps.clock.now() },
  );
}

function isUniqueViolation(error: unknown) {
  const { code, message } = error as { code?: string; message?: string };
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE/.test(message ?? "");
}

/**
 * A signup from /signup or a subscribe box. The caller answers the same way whatever happens
 * here, so nobody can learn who is on the list: a new address gets a confirmation email; a pending
 * or unsubscribed one gets another only after the cooling period; a confirmed one gets nothing.
 */
export async function requestSubscription(deps: ServiceDeps, signup: NewsletterSignup) {
  const { db, clock } = deps;
  const attempt = () =>
    db.transaction().execute(async (trx) => {
      const now = clock.now();
      const nowIso = now.toISOString();
      const existing = await trx
        .selectFrom("subscribers")
        .selectAll()
        .where("email_key", "=", emailKey(signup.email))
        .executeTakeFirst();
      if (!existing) {
        const subscriber: SubscriberTable = {
          id: randomUUID(),
          email: signup.email,
          email_key: emailKey(signup.email),
          first_name: signup.firstName ?? null,
          interests: JSON.stringify(signup.interests),
          source: signup.source,
          consent_text: newsletterConsentText,
          consented_at: nowIso,
          status: "pending",
          confirmation_sent_at: nowIso,
          confirmed_at: null,
          unsubscribed_at: null,
          person_id: await rememberPerson(trx, {
            email: signup.email,
            firstName: signup.firstName,
            source: signup.source,
            now,
          }),
          created_at: nowIso,
          updated_at: nowIso,
        };
        await trx.insertInto("subscribers").values(subscriber).execute();
        await enqueueConfirmation(deps, trx, subscriber);
        return "confirmation-sent" as const;
      }
      if (existing.status === "confirmed") return "already-confirmed" as const;
      const lastSent = existing.confirmation_sent_at
        ? Date.parse(existing.confirmation_sent_at)
        : 0;
      if (now.getTime() - lastSent < confirmationCoolingMs) return "cooling" as const;
      // Pending or unsubscribed, asking again: a fresh consent and a fresh confirmation link.
      const updated: SubscriberTable = {
        ...existing,
        first_name: signup.firstName ?? existing.first_name,
        interests: signup.interests.length ? JSON.stringify(signup.interests) : existing.interests,
        source: signup.source,
        consent_text: newsletterConsentText,
        consented_at: nowIso,
        status: "pending",
        confirmation_sent_at: nowIso,
        unsubscribed_at: null,
        updated_at: nowIso,
      };
      await trx.updateTable("subscribers").set(updated).where("id", "=", existing.id).execute();
      await enqueueConfirmation(deps, trx, updated);
      return "confirmation-sent" as const;
    });
  try {
    return await attempt();
  } catch (error) {
    // The same address submitted twice at once: the second insert loses; read it again.
    if (isUniqueViolation(error)) return attempt();
    throw error;
  }
}

export type ConfirmationOutcome = "confirmed" | "already-confirmed" | "invalid";

/** Follows a confirmation link: the address now counts as subscribed and gets the welcome email. */
export async function confirmSubscription(
  deps: ServiceDeps,
  token: string,
): Promise<ConfirmationOutcome> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const subscriberId = verifyNewsletterToken(config.NEWSLETTER_LINK_SECRET, token, "confirm", now);
  if (!subscriberId) return "invalid";
  const outcome = await db.transaction().execute(async (trx): Promise<ConfirmationOutcome> => {
    const subscriber = await trx
      .selectFrom("subscribers")
      .selectAll()
      .where("id", "=", subscriberId)
      .executeTakeFirst();
    if (!subscriber || subscriber.status === "unsubscribed") return "invalid";
    if (subscriber.status === "confirmed") return "already-confirmed";
    const nowIso = now.toISOString();
    const changed = await trx
      .updateTable("subscribers")
      .set({ status: "confirmed", confirmed_at: nowIso, updated_at: nowIso })
      .where("id", "=", subscriberId)
      .where("status", "=", "pending")
      .executeTakeFirst();
    // Two clicks at once: only the one that changed the row sends the welcome email.
    if (Number(changed.numUpdatedRows) === 0) return "already-confirmed";
    const links = newsletterUrls(deps, subscriberId);
    await enqueueEmail(
      trx,
      {
        purpose: "newsletter.welcome",
        to: subscriber.email,
        from: config.MAIL_FROM,
        ...(await newsletterWelcome({
          firstName: subscriber.first_name ?? undefined,
          links,
          guidesUrl: `${config.SITE_URL}/all-resources`,
        })),
        headers: listUnsubscribeHeaders(links.unsubscribe),
      },
      { now },
    );
    return "confirmed";
  });
  if (outcome === "confirmed") deps.outbox.wake();
  return outcome;
}

export type UnsubscribeOutcome = "unsubscribed" | "invalid";

/** Follows an unsubscribe link (or a mail client's one-click POST). Saying it twice is harmless. */
export async function unsubscribe(deps: ServiceDeps, token: string): Promise<UnsubscribeOutcome> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const subscriberId = verifyNewsletterToken(
    config.NEWSLETTER_LINK_SECRET,
    token,
    "unsubscribe",
    now,
  );
  if (!subscriberId) return "invalid";
  const nowIso = now.toISOString();
  await db
    .updateTable("subscribers")
    .set({ status: "unsubscribed", unsubscribed_at: nowIso, updated_at: nowIso })
    .where("id", "=", subscriberId)
    .where("status", "!=", "unsubscribed")
    .execute();
  return "unsubscribed";
}

/** Whether a token could be used at all (for the pages' GET, which changes nothing). */
export function isNewsletterTokenValid(
  deps: Pick<ServiceDeps, "config" | "clock">,
  token: string,
  purpose: "confirm" | "unsubscribe",
) {
  return (
    verifyNewsletterToken(deps.config.NEWSLETTER_LINK_SECRET, token, purpose, deps.clock.now()) !==
    undefined
  );
}
