import type { ContactMessage } from "~/lib/contact-message-schema";
import { escapeHtml, htmlEmail, type EmailContent } from "./email-layout";

/** The owner's copy of a new lead; replying answers the visitor (Reply-To). */
export function contactOwnerNotification(message: ContactMessage, receivedAt: Date): EmailContent {
  const name = `${message.firstName} ${message.lastName}`;
  const rows: [string, string][] = [
    ["Name", name],
    ["Email", message.email],
    ["Company", message.company ?? "—"],
    ["Interest", message.interest],
    ["Received", receivedAt.toUTCString()],
  ];
  const subject = `New inquiry: ${message.interest} from ${name}`;
  const text = [
    `New message from the contact form.`,
    ``,
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ``,
    message.message,
    ``,
    `Reply to this email to answer ${message.firstName} directly. We promised a reply within 48 hours.`,
  ].join("\n");
  const table = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;color:#6b7280;font-weight:400">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const html = htmlEmail({
    title: subject,
    body: `<p style="margin:0 0 16px">New message from the contact form.</p>
<table style="border-collapse:collapse;margin:0 0 16px">${table}</table>
<blockquote style="margin:0 0 16px;padding:12px 16px;background:#f7f5f0;border-left:3px solid #c9a227;white-space:pre-wrap">${escapeHtml(message.message)}</blockquote>
<p style="margin:0">Reply to this email to answer ${escapeHtml(message.firstName)} directly. We promised a reply within 48 hours.</p>`,
  });
  return { subject, text, html };
}
