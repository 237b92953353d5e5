import { siteConfig } from "~/lib/site";
import { escapeHtml } from "./email-layout";

export type NewsletterLinks = { unsubscribe: string };

/** Every newsletter email ends with a way out (the same link as the List-Unsubscribe header). */
export function newsletterFooter(links: NewsletterLinks) {
  const line = `You receive this email because this address was entered on ${siteConfig.brand}. Unsubscribe at any time:`;
  return {
    text: `--\n${line} ${links.unsubscribe}`,
    html: `${escapeHtml(line)} <a href="${escapeHtml(links.unsubscribe)}" style="color:#6b7280">Unsubscribe</a>`,
  };
}
