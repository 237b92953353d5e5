import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../core/db/schema";

/** An email to send later; the outbox worker delivers it. */
export type OutgoingEmail = {
  /** What it is for (`contact.owner-notification`), kept in the table for whoever reads it. */
  purpose: string;
  to: string;
  from: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe, ...). */
  headers?: Record<string, string>;
};

/**
 * Queues an email. Call it with the transaction that writes the record the email is about, so
 * both commit together or neither does: a stored lead always has its emails, and no email goes
 * out for a record that was rolled back.
 */
export async function enqueueEmail(
  trx: Kysely<Database>,
  email: OutgoingEmail,
  { now = new Date() }: { now?: Date } = {},
): Promise<string> {
  const id = randomUUID();
  const timestamp = now.toISOString();
  await trx
    .insertInto("outbox_emails")
    .values({
      id,
      purpose: email.purpose,
      to_address: email.to,
      from_address: email.from,
      reply_to: email.replyTo ?? null,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html ?? null,
      headers: JSON.stringify(email.headers ?? {}),
      status: "pending",
      attempts: 0,
      next_attempt_at: timestamp,
      created_at: timestamp,
    })
    .execute();
  return id;
}

/**
 * Gives emails the worker gave up on a fresh set of attempts (after the SMTP server is fixed, say):
 * each failed email, or only those named, becomes pending and due now. Earlier attempts stay in
 * outbox_attempts. Resolves with the ids requeued.
 */
export async function requeueFailedEmails(
  db: Kysely<Database>,
  { ids, now = new Date() }: { ids?: string[]; now?: Date } = {},
): Promise<string[]> {
  let update = db
    .updateTable("outbox_emails")
    .set({
      status: "pending",
      attempts: 0,
      next_attempt_at: now.toISOString(),
      locked_by: null,
      locked_until: null,
    })
    .where("status", "=", "failed");
  if (ids) {
    if (ids.length === 0) return [];
    update = update.where("id", "in", ids);
  }
  const rows = await update.returning("id").execute();
  return rows.map((row) => row.id);
}
