import { siteConfig } from "~/lib/site";

/** A fresh book link the buyer asked for from the success page. */
export function downloadLinkEmail(input: { url: string; expiresAt: Date; maxDownloads: number }) {
  return {
    subject: `Your ${siteConfig.product.name} download link`,
    text: [
      "Here is a fresh link to download your book:",
      input.url,
      "",
      `It works ${input.maxDownloads} times until ${input.expiresAt.toUTCString()}. Earlier links no longer work.`,
      "If you did not ask for this link, you can ignore this email.",
    ].join("\n"),
  };
}
