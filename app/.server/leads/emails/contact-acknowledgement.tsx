import { z } from "zod";
import type { ContactMessage } from "~/lib/contact-message-schema";
import { siteConfig } from "~/lib/site";
import { EmailHeading, Paragraph } from "../../mail/templates/email-blocks";
import { EmailLayout } from "../../mail/templates/email-layout";
import { defineEmailTemplate } from "../../mail/templates/email-template";

type AcknowledgementProps = {
  firstName: string;
  interest: string;
  contactEmail: string;
  siteUrl: string;
};

/**
 * The visitor's receipt: when to expect an answer. It never repeats what they wrote, so nobody can
 * make the site deliver their text to someone else's inbox (the owner's notification carries it).
 */
export function ContactAcknowledgement({
  firstName,
  interest,
  contactEmail,
  siteUrl,
}: AcknowledgementProps) {
  return (
    <EmailLayout preview="We'll get back to you within 48 hours.">
      <EmailHeading>We received your message</EmailHeading>
      <Paragraph
        text={`Hi ${firstName},\n\nThank you for reaching out about ${interest}. We'll get back to you within 48 hours.`}
      />
      <Paragraph text={`If it is urgent, write to ${contactEmail}.`} />
      <Paragraph text={`${siteConfig.author.name}\n${siteConfig.brand} — ${siteUrl}`} />
    </EmailLayout>
  );
}

export const contactAcknowledgementTemplate = defineEmailTemplate({
  name: "contact-acknowledgement",
  schema: z.object({
    firstName: z.string(),
    interest: z.string(),
    contactEmail: z.string(),
    siteUrl: z.string(),
  }),
  subject: () => `We received your message — ${siteConfig.brand}`,
  body: (data) => <ContactAcknowledgement {...data} />,
});

export function contactAcknowledgement(
  message: ContactMessage,
  settings: { contactEmail: string; siteUrl: string },
) {
  return contactAcknowledgementTemplate.compose({
    firstName: message.firstName,
    interest: message.interest,
    ...settings,
  });
}
