import type { ContactMessage } from "~/lib/contact-message-schema";
import { siteConfig } from "~/lib/site";
import { htmlEmail, htmlParagraph, type EmailContent } from "./email-layout";

/**
 * The visitor's receipt: when to expect an answer. It repeats nothing they wrote but their first
 * name (which may carry no link), so the form cannot relay a stranger's text to whatever address
 * was entered; the owner's notification carries the whole message.
 */
export function contactAcknowledgement(
  message: Pick<ContactMessage, "firstName" | "interest">,
  { contactEmail, siteUrl }: { contactEmail: string; siteUrl: string },
): EmailContent {
  const subject = `We received your message — ${siteConfig.brand}`;
  const intro = `Hi ${message.firstName},\n\nThank you for reaching out about ${message.interest}. We'll get back to you within 48 hours.`;
  const closing = `If it is urgent, write to ${contactEmail}.\n\n${siteConfig.author.name}\n${siteConfig.brand} — ${siteUrl}`;
  const text = `${intro}\n\n${closing}`;
  const html = htmlEmail({
    title: subject,
    body: `${htmlParagraph(intro)}
${htmlParagraph(closing)}`,
  });
  return { subject, text, html };
}
