import { siteConfig } from "~/lib/site";
import { htmlButton, htmlEmail, htmlParagraph, type EmailContent } from "./email-layout";

/** Double opt-in: the address joins the waitlist only once this link is followed. */
export function waitlistConfirmationEmail(input: {
  confirmUrl: string;
  expiresAt: Date;
}): EmailContent {
  const subject = `Confirm: tell me when ${siteConfig.product.name} is available`;
  const intro = `Someone (hopefully you) asked to be told when ${siteConfig.product.name} goes on sale. Confirm your address with this link:`;
  const after = `The link works until ${input.expiresAt.toUTCString()}. If you did not ask, ignore this email and nothing more will be sent.`;
  return {
    subject,
    text: [`${intro}\n${input.confirmUrl}`, after].join("\n\n"),
    html: htmlEmail({
      title: subject,
      body: `${htmlParagraph(intro)}${htmlButton(input.confirmUrl, "Confirm my email")}${htmlParagraph(after)}`,
    }),
  };
}

/** The one message a confirmed waitlist address receives: sales are open. */
export function nowAvailableEmail(input: { buyUrl: string }): EmailContent {
  const subject = `${siteConfig.product.name} is now available`;
  const intro = `You asked us to tell you: ${siteConfig.product.name} and the Sales Breakthrough Hour are now on sale.`;
  const after =
    "This is the only email the waitlist sends; your address is not added to any other list.";
  return {
    subject,
    text: [`${intro}\n${input.buyUrl}`, after].join("\n\n"),
    html: htmlEmail({
      title: subject,
      body: `${htmlParagraph(intro)}${htmlButton(input.buyUrl, "Buy now")}${htmlParagraph(after)}`,
    }),
  };
}
