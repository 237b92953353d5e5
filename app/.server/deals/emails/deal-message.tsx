import { z } from "zod";
import { Paragraph } from "../../mail/templates/email-blocks";
import { EmailLayout } from "../../mail/templates/email-layout";
import { defineEmailTemplate } from "../../mail/templates/email-template";

type DealMessageProps = { subject: string; body: string };

/** What the owner writes to a deal's client from its page: their plain text, in the site's frame. */
export function DealMessage({ body }: DealMessageProps) {
  const paragraphs = body.split(/\n{2,}/).filter((paragraph) => paragraph.trim() !== "");
  return (
    <EmailLayout preview={paragraphs[0]?.slice(0, 120) ?? ""}>
      {paragraphs.map((paragraph, index) => (
        <Paragraph key={index} text={paragraph} />
      ))}
    </EmailLayout>
  );
}

export const dealMessageTemplate = defineEmailTemplate({
  name: "deal-message",
  schema: z.object({ subject: z.string(), body: z.string() }),
  subject: ({ subject }) => subject,
  body: (data) => <DealMessage {...data} />,
});
