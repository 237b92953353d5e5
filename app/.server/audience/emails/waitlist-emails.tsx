import { z } from "zod";
import { siteConfig } from "~/lib/site";
import { ActionButton, EmailHeading, Paragraph } from "../../mail/templates/email-blocks";
import { EmailLayout } from "../../mail/templates/email-layout";
import { defineEmailTemplate } from "../../mail/templates/email-template";

type WaitlistConfirmationProps = { confirmUrl: string; expiresAt: Date };

/** Double opt-in: the address joins the waitlist only once this link is followed. */
export function WaitlistConfirmation({ confirmUrl, expiresAt }: WaitlistConfirmationProps) {
  return (
    <EmailLayout preview="Confirm your address to hear when sales open.">
      <EmailHeading>Confirm your email</EmailHeading>
      <Paragraph
        text={`Someone (hopefully you) asked to be told when ${siteConfig.product.name} goes on sale. Confirm your address with this link:`}
      />
      <ActionButton href={confirmUrl} label="Confirm my email" />
      <Paragraph
        text={`The link works until ${expiresAt.toUTCString()}. If you did not ask, ignore this email and nothing more will be sent.`}
      />
    </EmailLayout>
  );
}

export const waitlistConfirmationTemplate = defineEmailTemplate({
  name: "waitlist-confirmation",
  schema: z.object({ confirmUrl: z.string(), expiresAt: z.coerce.date() }),
  subject: () => `Confirm: tell me when ${siteConfig.product.name} is available`,
  body: (data) => <WaitlistConfirmation {...data} />,
});

export function waitlistConfirmationEmail(props: WaitlistConfirmationProps) {
  return waitlistConfirmationTemplate.compose(props);
}

/** The one message a confirmed waitlist address receives: sales are open. */
export function NowAvailable({ buyUrl }: { buyUrl: string }) {
  return (
    <EmailLayout preview={`${siteConfig.product.name} is on sale.`}>
      <EmailHeading>{`${siteConfig.product.name} is now available`}</EmailHeading>
      <Paragraph
        text={`You asked us to tell you: ${siteConfig.product.name} and the Sales Breakthrough Hour are now on sale.`}
      />
      <ActionButton href={buyUrl} label="Buy now" />
      <Paragraph text="This is the only email the waitlist sends; your address is not added to any other list." />
    </EmailLayout>
  );
}

export const nowAvailableTemplate = defineEmailTemplate({
  name: "now-available",
  schema: z.object({ buyUrl: z.string() }),
  subject: () => `${siteConfig.product.name} is now available`,
  body: (data) => <NowAvailable {...data} />,
});

export function nowAvailableEmail(props: { buyUrl: string }) {
  return nowAvailableTemplate.compose(props);
}
