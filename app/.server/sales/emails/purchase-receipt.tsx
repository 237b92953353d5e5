import { z } from "zod";
import { siteConfig } from "~/lib/site";
import { formatAmount } from "~/lib/purchase-rules";
import type { OrderItem } from "~/lib/catalog";
import { ActionButton, EmailHeading, Panel, Paragraph } from "../../mail/templates/email-blocks";
import { EmailLayout } from "../../mail/templates/email-layout";
import { defineEmailTemplate } from "../../mail/templates/email-template";
import { orderItems } from "./order-items-schema";

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
export function PurchaseReceipt(input: PurchaseReceiptInput) {
  const summary = [
    `Order: ${input.orderReference}`,
    ...input.items.map((item) => `${item.name}: $${formatAmount(item.amountCents)}`),
    "Tax: $0.00",
    "Shipping: Free",
    `Total paid: $${formatAmount(input.amountPaidCents)}`,
  ].join("\n");
  return (
    <EmailLayout preview={`Total paid: $${formatAmount(input.amountPaidCents)}`}>
      <EmailHeading>Thank you for your purchase.</EmailHeading>
      <Panel text={summary} />
      {input.download && (
        <>
          <Paragraph text={`Download your copy of ${siteConfig.product.name}:`} />
          <ActionButton href={input.download.url} label="Download the PDF" />
          <Paragraph
            text={`The link works ${input.download.maxDownloads} times until ${input.download.expiresAt.toUTCString()}. Need a fresh link later? Open ${input.successPageUrl} and enter this email address.`}
          />
        </>
      )}
      <Paragraph
        text={`30-day money-back guarantee: reply to this email within 30 days for a full refund.\nQuestions? Write to ${input.contactEmail}.`}
      />
      <Paragraph text={`— ${siteConfig.author.name}, ${siteConfig.brand}`} />
    </EmailLayout>
  );
}

export const purchaseReceiptTemplate = defineEmailTemplate({
  name: "purchase-receipt",
  schema: z.object({
    orderReference: z.string(),
    items: orderItems,
    amountPaidCents: z.number(),
    download: z
      .object({ url: z.string(), expiresAt: z.coerce.date(), maxDownloads: z.number() })
      .optional(),
    successPageUrl: z.string(),
    contactEmail: z.string(),
  }),
  subject: () => `Your ${siteConfig.brand} receipt`,
  body: (data) => <PurchaseReceipt {...data} />,
});

export function purchaseReceiptEmail(input: PurchaseReceiptInput) {
  return purchaseReceiptTemplate.compose(input);
}
