import { z } from "zod";
import type { ContactMessage } from "~/lib/contact-message-schema";
import { EmailHeading, Panel, Paragraph } from "../../mail/templates/email-blocks";
import { EmailLayout } from "../../mail/templates/email-layout";
import { defineEmailTemplate } from "../../mail/templates/email-template";

// A plain shape, not the contact form's rules: the email shows what was stored, whatever it is.
const storedMessage = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string().optional(),
  interest: z.string(),
  message: z.string(),
});

/** The owner's copy of a new lead; replying answers the visitor (Reply-To). */
export function ContactOwnerNotification({
  message,
  receivedAt,
}: {
  message: z.output<typeof storedMessage>;
  /** As the owner reads it ("Mon, 23 Nov 2026 09:30:00 GMT"). */
  receivedAt: string;
}) {
  const details = [
    `Name: ${message.firstName} ${message.lastName}`,
    `Email: ${message.email}`,
    `Company: ${message.company ?? "—"}`,
    `Interest: ${message.interest}`,
    `Received: ${receivedAt}`,
  ].join("\n");
  return (
    <EmailLayout preview={`${message.interest}: a new message from the contact form.`}>
      <EmailHeading>New inquiry</EmailHeading>
      <Paragraph text="New message from the contact form." />
      <Paragraph text={details} />
      <Panel text={message.message} />
      <Paragraph
        text={`Reply to this email to answer ${message.firstName} directly. We promised a reply within 48 hours.`}
      />
    </EmailLayout>
  );
}

export const contactOwnerNotificationTemplate = defineEmailTemplate({
  name: "contact-owner-notification",
  // Stored as an ISO date, drawn as text: a text value is filled into the drawn template, where
  // a date would have the whole email rendered each time.
  schema: z.object({
    message: storedMessage,
    receivedAt: z.coerce.date().transform((date) => date.toUTCString()),
  }),
  subject: ({ message }) =>
    `New inquiry: ${message.interest} from ${message.firstName} ${message.lastName}`,
  body: (data) => <ContactOwnerNotification {...data} />,
});

export function contactOwnerNotification(message: ContactMessage, receivedAt: Date) {
  // Stored as ISO (the schema reads any date back and writes it out for the owner).
  return contactOwnerNotificationTemplate.compose({
    message,
    receivedAt: receivedAt.toISOString(),
  });
}
