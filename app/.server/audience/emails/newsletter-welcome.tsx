import { z } from "zod";
import { siteConfig } from "~/lib/site";
import { ActionButton, EmailHeading, Paragraph } from "../../mail/templates/email-blocks";
import { EmailLayout } from "../../mail/templates/email-layout";
import { defineEmailTemplate } from "../../mail/templates/email-template";

type WelcomeProps = {
  firstName?: string;
  links: { unsubscribe: string };
  guidesUrl: string;
};

/** Sent once an address is confirmed: offers the free guides. */
export function NewsletterWelcome({ firstName, links, guidesUrl }: WelcomeProps) {
  return (
    <EmailLayout
      preview="Your subscription is confirmed. The free guides are yours."
      unsubscribeUrl={links.unsubscribe}
    >
      <EmailHeading>Welcome to the Journey</EmailHeading>
      <Paragraph
        text={`${firstName ? `Hi ${firstName},` : "Hello,"}\n\nYour subscription is confirmed. You'll receive insights and practices for selling from presence, news about the book and upcoming training programs.\n\nTo begin, the free guides, audio practices and articles are yours — no email required:`}
      />
      <ActionButton href={guidesUrl} label="Get the free guides" />
      <Paragraph text={`With presence,\n${siteConfig.author.name}`} />
    </EmailLayout>
  );
}

export const newsletterWelcomeTemplate = defineEmailTemplate({
  name: "newsletter-welcome",
  schema: z.object({
    firstName: z.string().optional(),
    links: z.object({ unsubscribe: z.string() }),
    guidesUrl: z.string(),
  }),
  subject: () => `Welcome to the Journey — ${siteConfig.brand}`,
  body: (data) => <NewsletterWelcome {...data} />,
});

export function newsletterWelcome(props: WelcomeProps) {
  return newsletterWelcomeTemplate.compose(props);
}
