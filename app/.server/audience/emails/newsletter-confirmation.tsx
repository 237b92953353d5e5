import { z } from "zod";
import { siteConfig } from "~/lib/site";
import { ActionButton, EmailHeading, Paragraph } from "../../mail/templates/email-blocks";
import { EmailLayout } from "../../mail/templates/email-layout";
import { defineEmailTemplate } from "../../mail/templates/email-template";

type ConfirmationProps = {
  firstName?: string;
  links: { confirm: string; unsubscribe: string };
  validDays: number;
};

/** Double opt-in: nothing more is sent until the address's owner follows the link. */
export function NewsletterConfirmation({ firstName, links, validDays }: ConfirmationProps) {
  return (
    <EmailLayout
      preview={`Confirm your subscription to the ${siteConfig.brand} newsletter.`}
      unsubscribeUrl={links.unsubscribe}
    >
      <EmailHeading>Confirm your subscription</EmailHeading>
      <Paragraph
        text={`${firstName ? `Hi ${firstName},` : "Hello,"}\n\nSomeone — hopefully you — asked to receive the ${siteConfig.brand} newsletter at this address. Please confirm that it was you:`}
      />
      <ActionButton href={links.confirm} label="Confirm my subscription" />
      <Paragraph
        text={`The link is valid for ${validDays} days. If you did not ask for this, ignore this email: you will not hear from us again.`}
      />
    </EmailLayout>
  );
}

export const newsletterConfirmationTemplate = defineEmailTemplate({
  name: "newsletter-confirmation",
  schema: z.object({
    firstName: z.string().optional(),
    links: z.object({ confirm: z.string(), unsubscribe: z.string() }),
    validDays: z.number(),
  }),
  subject: () => `Please confirm your subscription to ${siteConfig.brand}`,
  body: (data) => <NewsletterConfirmation {...data} />,
});

export function newsletterConfirmation(props: ConfirmationProps) {
  return newsletterConfirmationTemplate.compose(props);
}
