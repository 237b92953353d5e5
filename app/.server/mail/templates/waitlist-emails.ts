import { siteConfig } from "~/lib/site";

/** Double opt-in: the address joins the waitlist only once this link is followed. */
export function waitlistConfirmationEmail(input: { confirmUrl: string; expiresAt: Date }) {
  return {
    subject: `Confirm: tell me when ${siteConfig.product.name} is available`,
    text: [
      `Someone (hopefully you) asked to be told when ${siteConfig.product.name} goes on sale.`,
      "Confirm your address with this link:",
      input.confirmUrl,
      "",
      `The link works until ${input.expiresAt.toUTCString()}. If you did not ask, ignore this email and nothing more will be sent.`,
    ].join("\n"),
  };
}

/** The one message a confirmed waitlist address receives: sales are open. */
export function nowAvailableEmail(input: { buyUrl: string }) {
  return {
    subject: `${siteConfig.product.name} is now available`,
    text: [
      `You asked us to tell you: ${siteConfig.product.name} and the Sales Breakthrough Hour are now on sale.`,
      "",
      input.buyUrl,
      "",
      "This is the only email the waitlist sends; your address is not added to any other list.",
    ].join("\n"),
  };
}
