import { randomUUID } from "node:crypto";
import type { AppServices } from "../app-context";
import { enqueueEmail } from "../mail/outbox";
import { contactAcknowledgement } from "../mail/templates/contact-acknowledgement";
import { contactOwnerNotification } from "../mail/templates/contact-owner-notification";
import type { ContactMessage } from "~/lib/contact-message-schema";
import { hitRateLimit } from "./rate-limit";
import { rememberPerson } from "../audience/people";

export type ContactDeps = Pick<AppServices, "db" | "clock" | "config">;

/** The window CONTACT_RATE_LIMIT counts in. */
export const contactRateWindowMs = 10 * 60_000;

/**
 * Stores a contact message together with the owner's notification and the visitor's
 * acknowledgement, in one transaction: once this resolves, the lead and its emails are safe.
 */
export async function recordContactMessage(deps: ContactDeps, message: ContactMessage) {
  const { db, clock, config } = deps;
  const now = clock.now();
  const id = randomUUID();
  const owner = contactOwnerNotification(message, now);
  const acknowledgement = contactAcknowledgement(message, {
    contactEmail: config.CONTACT_EMAIL,
    siteUrl: config.SITE_URL,
  });
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("contact_messages")
      .values({
        id,
        first_name: message.firstName,
        last_name: message.lastName,
        email: message.email,
        company: message.company ?? null,
        interest: message.interest,
        message: message.message,
        person_id: await rememberPerson(trx, {
          email: message.email,
          firstName: message.firstName,
          lastName: message.lastName,
          source: "/contact",
          now,
        }),
        created_at: now.toISOString(),
      })
      .execute();
    await enqueueEmail(
      trx,
      {
        purpose: "contact.owner-notification",
        to: config.OWNER_EMAIL,
        from: config.MAIL_FROM,
        replyTo: `"${`${message.firstName} ${message.lastName}`.replace(/["\\]/g, "")}" <${message.email}>`,
        ...owner,
        headers: { "X-Contact-Message-Id": id },
      },
      { now },
    );
    await enqueueEmail(
      trx,
      {
        purpose: "contact.acknowledgement",
        to: message.email,
        from: config.MAIL_FROM,
        replyTo: config.CONTACT_EMAIL,
        ...acknowledgement,
        headers: { "Auto-Submitted": "auto-replied" },
      },
      { now },
    );
  });
  return { id };
}

/** What the visitor's browser reports besides the message, for the spam checks. */
export type ContactSubmissionTraps = {
  honeypot?: string;
  /** When the form was rendered (ms since epoch), if the client sent it. */
  formStartedAt?: number;
};

export type ContactSubmissionOutcome =
  | { outcome: "stored"; id: string }
  | { outcome: "discarded"; reason: "honeypot" | "too-fast" }
  | { outcome: "rate-limited"; retryAfterSeconds: number };

/**
 * A visitor's valid message: rate-limited per client address and per email address, then
 * checked against the spam traps (a bot is told it succeeded and nothing is stored or sent),
 * then stored. Callers answer success for "stored" and "discarded" alike.
 */
export async function receiveContactMessage(
  deps: ContactDeps,
  {
    message,
    traps,
    clientAddress,
  }: { message: ContactMessage; traps: ContactSubmissionTraps; clientAddress: string },
): Promise<ContactSubmissionOutcome> {
  const { db, clock, config } = deps;
  const now = clock.now();
  if (config.CONTACT_RATE_LIMIT > 0) {
    const keys = [`ip:${clientAddress}`, `email:${message.email.toLowerCase()}`];
    for (const key of keys) {
      const decision = await hitRateLimit(db, {
        bucket: "contact",
        key,
        limit: config.CONTACT_RATE_LIMIT,
        windowMs: contactRateWindowMs,
        now,
      });
      if (!decision.allowed) {
        return { outcome: "rate-limited", retryAfterSeconds: decision.retryAfterSeconds };
      }
    }
  }
  if (traps.honeypot) return { outcome: "discarded", reason: "honeypot" };
  if (
    traps.formStartedAt !== undefined &&
    now.getTime() - traps.formStartedAt < config.CONTACT_MIN_FILL_SECONDS * 1000
  ) {
    return { outcome: "discarded", reason: "too-fast" };
  }
  const { id } = await recordContactMessage(deps, message);
  return { outcome: "stored", id };
}
