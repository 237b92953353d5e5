import { siteConfig } from "~/lib/site";
import { formatAmount } from "~/lib/purchase-rules";
import type { OrderItem } from "~/lib/catalog";
import { htmlButton, htmlEmail, htmlParagraph, type EmailContent } from "./email-layout";

export type PurchaseReceiptInput = {
  orderReference: string;
  items: OrderItem[];
  amountPaidCents: number;
  /** The signed book link, when the order includes the PDF. */
  download?: { url: string; expiresAt: Date; maxDownloads: number };
  successPageUrl: string;
  contactEmail: string;
};

/** The buyer's receipt; for the PDF it carries the download link and its limits. */
export function purchaseReceiptEmail(input: PurchaseReceiptInput): EmailContent {
  const subject = `Your ${siteConfig.brand} receipt`;
  const summary = [
    `Order: ${input.orderReference}`,
    ...input.items.map((item) => `${item.name}: $${formatAmount(item.amountCents)}`),
    "Tax: $0.00",
    "Shipping: Free",
    `Total paid: $${formatAmount(input.amountPaidCents)}`,
  ].join("\n");
  const download = input.download && {
    intro: `Download your copy of ${siteConfig.product.name}:`,
    limits: `The link works ${input.download.maxDownloads} times until ${input.download.expiresAt.toUTCString()}. Need a fresh link later? Open ${input.successPageUrl} and enter this email address.`,
  };
  const closing = `30-day money-back guarantee: reply to this email within 30 days for a full refund.\nQuestions? Write to ${input.contactEmail}.\n\n— ${siteConfig.author.name}, ${siteConfig.brand}`;
  const text = [
    "Thank you for your purchase.",
    summary,
    ...(download && input.download
      ? [`${download.intro}\n${input.download.url}`, download.limits]
      : []),
    closing,
  ].join("\n\n");
  const html = htmlEmail({
    title: subject,
    body: [
      htmlParagraph("Thank you for your purchase."),
      htmlParagraph(summary),
      ...(download && input.download
        ? [
            htmlParagraph(download.intro),
            htmlButton(input.download.url, "Download the PDF"),
            htmlParagraph(download.limits),
          ]
        : []),
      htmlParagraph(closing),
    ].join(""),
  });
  return { subject, text, html };
}
