import { randomUUID } from "node:crypto";
import type { Insertable } from "kysely";
import { enqueueEmails } from "../mail";
import { contactAcknowledgement } from "./emails/contact-acknowledgement";
import { contactOwnerNotification } from "./emails/contact-owner-notification";
import { contactMessageSchema, type ContactMessage } from "~/lib/contact-message-schema";
import {
  visitSourceOf,
  recordAttribution,
  recordServerEvent,
  type VisitSource,
} from "../analytics";
import { rememberPerson } from "../audience";
import { emitPersonEvent } from "../core/person-events";
import { invalidInput, type InvalidInput } from "../core/invalid-input";
import { fixedStatement } from "../core/db/fixed-statement";
import { checkRateLimits, emailLimitKey } from "../core/rate-limit";
import type { ContactMessageTable } from "./leads-tables";
import type { ServiceDeps } from "../core/service-deps";
import { checkSpamTraps, type SpamTrapValues, type SpamTrapVerdict } from "../core/spam-traps";

const insertContactMessage = fixedStatement<Insertable<ContactMessageTable>>((db, value) =>
  db.insertInto("contact_messages").values({
    id: value("id"),
    first_name: value("first_name"),
    last_name: value("last_name"),
    email: value("email"),
    company: value("company"),
    interest: value("interest"),
    message: value("message"),
    person_id: value("person_id"),
    created_at: value("created_at"),
  }),
);

/**
 * Stores a contact message together with the owner's notification and the visitor's
 * acknowledgement, in one transaction: once this resolves, the lead and its emails are safe.
 */
export async function recordContactMessage(
  deps: ServiceDeps,
  message: ContactMessage,
  source?: VisitSource,
) {
  const { db, clock, config } = deps;
  const now = clock.now();
  const id = randomUUID();
  // Composed, not rendered: the outbox worker renders them when it sends (decision 087).
  const owner = contactOwnerNotification(message, now);
  const acknowledgement = contactAcknowledgement(message, {
    contactEmail: config.CONTACT_EMAIL,
    siteUrl: config.SITE_URL,
  });
  await db.transaction().execute(async (trx) => {
    // Both emails in one statement: the busiest public write runs as few as it can (issue 21).
    await enqueueEmails(
      trx,
      [
        {
          purpose: "contact.owner-notification",
          to: config.OWNER_EMAIL,
          from: config.MAIL_FROM,
          replyTo: `"${`${message.firstName} ${message.lastName}`.replace(/["\\]/g, "")}" <${message.email}>`,
          ...owner,
          headers: { "X-Contact-Message-Id": id },
        },
        {
          purpose: "contact.acknowledgement",
          to: message.email,
          from: config.MAIL_FROM,
          replyTo: config.CONTACT_EMAIL,
          ...acknowledgement,
          headers: { "Auto-Submitted": "auto-replied" },
        },
      ],
      { now },
    );
    // The person's row last: on Postgres its upsert locks the row until the commit, and two
    // messages from one sender wait on each other only that long.
    const personId = await rememberPerson(trx, {
      email: message.email,
      firstName: message.firstName,
      lastName: message.lastName,
      source: "/contact",
      now,
    });
    await insertContactMessage(trx, {
      id,
      first_name: message.firstName,
      last_name: message.lastName,
      email: message.email,
      company: message.company ?? null,
      interest: message.interest,
      message: message.message,
      person_id: personId,
      created_at: now.toISOString(),
    });
    // Quoted work (a corporate training, a keynote) opens a deal in the pipeline, above leads.
    await emitPersonEvent(trx, {
      kind: "contact-message",
      personId,
      messageId: id,
      interest: message.interest,
      now,
    });
    await recordServerEvent(trx, { name: "contact_message", at: now, path: "/contact" });
    await recordAttribution(trx, {
      conversion: "contact_message",
      subjectId: id,
      personId,
      source,
      at: now,
    });
  });
  return { id };
}

export type ContactSubmission = {
  /** The submitted fields as received: a form's values or a JSON object's. */
  fields: Record<string, unknown>;
  traps: SpamTrapValues;
  clientAddress: string;
};

export type ContactSubmissionOutcome =
  | InvalidInput
  | { outcome: "rate-limited"; retryAfterSeconds: number }
  | { outcome: "discarded"; reason: Exclude<SpamTrapVerdict, "passed"> }
  | { outcome: "stored"; id: string };

/**
 * A visitor's message, from the /contact form or the send-contact-email function: validated,
 * rate-limited per client address and per sender address, checked against the spam traps (a bot
 * is told it succeeded and nothing is stored or sent), stored with its emails, and the outbox
 * woken. Callers answer success for "stored" and "discarded" alike.
 */
export async function receiveContactMessage(
  deps: ServiceDeps,
  { fields, traps, clientAddress }: ContactSubmission,
): Promise<ContactSubmissionOutcome> {
  const parsed = contactMessageSchema.safeParse(fields);
  if (!parsed.success) return invalidInput(parsed.error);
  const message = parsed.data;
  const limited = await checkRateLimits(deps, {
    bucket: "contact",
    keys: [`ip:${clientAddress}`, emailLimitKey(message.email)],
    limit: deps.config.CONTACT_RATE_LIMIT,
  });
  if (!limited.allowed) {
    return { outcome: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  }
  const verdict = checkSpamTraps(deps, "contact", traps);
  if (verdict !== "passed") return { outcome: "discarded", reason: verdict };
  // The page script's hidden `attribution` field: where the visit that wrote came from.
  const source = await visitSourceOf(fields.attribution, deps, clientAddress);
  const { id } = await recordContactMessage(deps, message, source);
  deps.outbox.wake();
  return { outcome: "stored", id };
}
