import type { ContactMessage } from "~/lib/contact-message-schema";
import { siteConfig } from "~/lib/site";
import { htmlEmail, htmlParagraph, type EmailContent } from "./email-layout";

/**
 * The visitor's receipt: when to expect an answer. It never repeats what they wrote, so nobody can
 * make the site deliver their text to someone else's inbox (the owner's notification carries it).
 */
export function contactAcknowledgement(
  message: ContactMessage,
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
