import { siteConfig } from "~/lib/site";
import { htmlButton, htmlEmail, htmlParagraph, type EmailContent } from "./email-layout";
import { newsletterFooter, type NewsletterLinks } from "./newsletter-footer";

/** Double opt-in: nothing more is sent until the address's owner follows the link. */
export function newsletterConfirmation({
  firstName,
  links,
  validDays,
}: {
  firstName?: string;
  links: NewsletterLinks & { confirm: string };
  validDays: number;
}): EmailContent {
  const subject = `Please confirm your subscription to ${siteConfig.brand}`;
  const greeting = firstName ? `Hi ${firstName},` : "Hello,";
  const intro = `${greeting}\n\nSomeone — hopefully you — asked to receive the ${siteConfig.brand} newsletter at this address. Please confirm that it was you:`;
  const after = `The link is valid for ${validDays} days. If you did not ask for this, ignore this email: you will not hear from us again.`;
  const footer = newsletterFooter(links);
  return {
    subject,
    text: `${intro}\n\n${links.confirm}\n\n${after}\n\n${footer.text}`,
    html: htmlEmail({
      title: subject,
      body: `${htmlParagraph(intro)}${htmlButton(links.confirm, "Confirm my subscription")}${htmlParagraph(after)}`,
      footer: footer.html,
    }),
  };
}
