import type { ContactMessage } from "~/lib/contact-message-schema";
import { siteConfig } from "~/lib/site";
import { escapeHtml, htmlEmail, htmlParagraph, type EmailContent } from "./email-layout";

/** The visitor's receipt: what they sent and when to expect an answer. */
export function contactAcknowledgement(
  message: ContactMessage,
  { contactEmail, siteUrl }: { contactEmail: string; siteUrl: string },
): EmailContent {
  const subject = `We received your message — ${siteConfig.brand}`;
  const intro = `Hi ${message.firstName},\n\nThank you for reaching out about ${message.interest}. We'll get back to you within 48 hours.`;
  const closing = `If it is urgent, write to ${contactEmail}.\n\n${siteConfig.author.name}\n${siteConfig.brand} — ${siteUrl}`;
  const text = `${intro}\n\nYour message:\n\n${message.message}\n\n${closing}`;
  const html = htmlEmail({
    title: subject,
    body: `${htmlParagraph(intro)}
<p style="margin:0 0 8px;color:#6b7280">Your message:</p>
<blockquote style="margin:0 0 16px;padding:12px 16px;background:#f7f5f0;white-space:pre-wrap">${escapeHtml(message.message)}</blockquote>
${htmlParagraph(closing)}`,
  });
  return { subject, text, html };
}
