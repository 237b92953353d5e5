import { siteConfig } from "~/lib/site";
import { htmlButton, htmlEmail, htmlParagraph, type EmailContent } from "./email-layout";
import { newsletterFooter, type NewsletterLinks } from "./newsletter-footer";

/** Sent once an address is confirmed: offers the free guides. */
export function newsletterWelcome({
  firstName,
  links,
  guidesUrl,
}: {
  firstName?: string;
  links: NewsletterLinks;
  guidesUrl: string;
}): EmailContent {
  const subject = `Welcome to the Journey — ${siteConfig.brand}`;
  const greeting = firstName ? `Hi ${firstName},` : "Hello,";
  const intro = `${greeting}\n\nYour subscription is confirmed. You'll receive insights and practices for selling from presence, news about the book and upcoming training programs.\n\nTo begin, the free guides, audio practices and articles are yours — no email required:`;
  const closing = `With presence,\n${siteConfig.author.name}`;
  const footer = newsletterFooter(links);
  return {
    subject,
    text: `${intro}\n\n${guidesUrl}\n\n${closing}\n\n${footer.text}`,
    html: htmlEmail({
      title: subject,
      body: `${htmlParagraph(intro)}${htmlButton(guidesUrl, "Get the free guides")}${htmlParagraph(closing)}`,
      footer: footer.html,
    }),
  };
}
