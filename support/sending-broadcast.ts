import { randomUUID } from "node:crypto";
import type { Db } from "~/.server/core/db/database";

/**
 * A broadcast going out, as the outbox leaves one part way: `delivered` of its emails sent (each
 * to `reader<n>@example.com`), `pending` still to go. Resolves with its id and the sent emails'
 * ids and addresses, for a provider's events to quote (issue 48, decision 312).
 */
export async function seedSendingBroadcast(
  db: Db,
  {
    delivered,
    pending = 0,
    status = "sending",
    subject = "Five questions before the demo",
    at = new Date(),
  }: {
    delivered: number;
    pending?: number;
    status?: "sending" | "sent";
    subject?: string;
    at?: Date;
  },
) {
  const id = randomUUID();
  const now = at.toISOString();
  await db
    .insertInto("broadcasts")
    .values({
      id,
      subject,
      preview_text: "",
      body_markdown: "Hello",
      audience_list: "newsletter",
      audience_interests: "[]",
      status,
      scheduled_at: null,
      frozen_html: "<p>Hello</p>",
      frozen_text: "Hello",
      frozen_at: now,
      queue_cursor: null,
      queued_at: now,
      slug: null,
      published_at: null,
      cancelled_at: null,
      started_at: now,
      created_by: "owner@presence.example",
      created_at: now,
      updated_at: now,
    })
    .execute();
  const emails = Array.from({ length: delivered + pending }, (_, index) => ({
    id: randomUUID(),
    address: `reader${index}@example.com`,
    sent: index < delivered,
  }));
  for (let start = 0; start < emails.length; start += 500)
    await db
      .insertInto("outbox_emails")
      .values(
        emails.slice(start, start + 500).map((email) => ({
          id: email.id,
          purpose: "broadcast",
          to_address: email.address,
          from_address: "Presence Selling <no-reply@presence.example>",
          reply_to: null,
          subject,
          text_body: "",
          html_body: null,
          headers: "{}",
          status: email.sent ? ("sent" as const) : ("pending" as const),
          attempts: email.sent ? 1 : 0,
          next_attempt_at: now,
          locked_by: null,
          locked_until: null,
          last_error: null,
          sent_at: email.sent ? now : null,
          created_at: now,
          broadcast_id: id,
          template: null,
          template_data: null,
          uncertain_at: null,
        })),
      )
      .execute();
  return { id, sent: emails.filter((email) => email.sent) };
}
