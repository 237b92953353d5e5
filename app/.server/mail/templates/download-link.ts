import { siteConfig } from "~/lib/site";
import { htmlButton, htmlEmail, htmlParagraph, type EmailContent } from "./email-layout";

/** A fresh book link the buyer asked for from the success page. */
export function downloadLinkEmail(input: {
  url: string;
  expiresAt: Date;
  maxDownloads: number;
}): EmailContent {
  const subject = `Your ${siteConfig.product.name} download link`;
  const intro = "Here is a fresh link to download your book:";
  const limits = `It works ${input.maxDownloads} times until ${input.expiresAt.toUTCString()}. Earlier links no longer work. If you did not ask for this link, you can ignore this email.`;
  return {
    subject,
    text: [`${intro}\n${input.url}`, limits].join("\n\n"),
    html: htmlEmail({
      title: subject,
      body: `${htmlParagraph(intro)}${htmlButton(input.url, "Download the PDF")}${htmlParagraph(limits)}`,
    }),
  };
}
