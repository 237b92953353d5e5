import { siteConfig } from "~/lib/site";
import { formatAmount } from "~/lib/purchase-rules";
import type { OrderItem } from "~/.server/services/order-items";

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
export function purchaseReceiptEmail(input: PurchaseReceiptInput) {
  const lines = input.items.map((item) => `  ${item.name}: $${formatAmount(item.amountCents)}`);
  const download = input.download
    ? [
        "",
        `Download your copy of ${siteConfig.product.name}:`,
        input.download.url,
        `The link works ${input.download.maxDownloads} times until ${input.download.expiresAt.toUTCString()}.`,
        `Need a fresh link later? Open ${input.successPageUrl} and enter this email address.`,
      ]
    : [];
  return {
    subject: `Your ${siteConfig.brand} receipt`,
    text: [
      "Thank you for your purchase.",
      "",
      `Order: ${input.orderReference}`,
      ...lines,
      "  Tax: $0.00",
      "  Shipping: Free",
      `  Total paid: $${formatAmount(input.amountPaidCents)}`,
      ...download,
      "",
      "30-day money-back guarantee: reply to this email within 30 days for a full refund.",
      `Questions? Write to ${input.contactEmail}.`,
      "",
      `— ${siteConfig.author.name}, ${siteConfig.brand}`,
    ].join("\n"),
  };
}
