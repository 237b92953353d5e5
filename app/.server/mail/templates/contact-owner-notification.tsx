import type { ContactMessage } from "~/lib/contact-message-schema";
import { EmailHeading, Panel, Paragraph } from "./email-blocks";
import { EmailLayout } from "./email-layout";
import { renderEmail } from "./render-email";

/** The owner's copy of a new lead; replying answers the visitor (Reply-To). */
export function ContactOwnerNotification({
  message,
  receivedAt,
}: {
  message: ContactMessage;
  receivedAt: Date;
}) {
  const details = [
    `Name: ${message.firstName} ${message.lastName}`,
    `Email: ${message.email}`,
    `Company: ${message.company ?? "—"}`,
    `Interest: ${message.interest}`,
    `Received: ${receivedAt.toUTCString()}`,
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

export function contactOwnerNotification(message: ContactMessage, receivedAt: Date) {
  return renderEmail(
    `New inquiry: ${message.interest} from ${message.firstName} ${message.lastName}`,
    <ContactOwnerNotification message={message} receivedAt={receivedAt} />,
  );
}
