import { z } from "zod";
import { formatAmount } from "~/lib/purchase-rules";
import type { OrderItem } from "~/lib/catalog";
import { EmailHeading, Panel, Paragraph } from "../../mail/templates/email-blocks";
import { EmailLayout } from "../../mail/templates/email-layout";
import { defineEmailTemplate } from "../../mail/templates/email-template";
import { orderItems } from "./order-items-schema";

type SaleNotificationInput = {
  orderId: string;
  sessionId: string;
  buyer: { email: string; name: string | null; address: Record<string, string> | null };
  items: OrderItem[];
  amountPaidCents: number;
};

/** Tells the owner about a sale, with what the buyer needs next (a session to schedule). */
export function SaleNotification(input: SaleNotificationInput) {
  const needsScheduling = input.items.some((item) => item.id === "breakthrough-session");
  const address = input.buyer.address ? Object.values(input.buyer.address).join(", ") : "not given";
  const lines = [
    ...input.items.map((item) => `${item.name}: $${formatAmount(item.amountCents)}`),
    `Paid: $${formatAmount(input.amountPaidCents)}`,
  ].join("\n");
  return (
    <EmailLayout preview={`Paid: $${formatAmount(input.amountPaidCents)}`}>
      <EmailHeading>New sale</EmailHeading>
      <Paragraph text={`Order ${input.orderId} (Stripe session ${input.sessionId}) was paid.`} />
      <Paragraph
        text={`Buyer: ${input.buyer.name ?? "(no name given)"} <${input.buyer.email}>\nBilling address: ${address}`}
      />
      <Panel text={lines} />
      {needsScheduling && (
        <Paragraph text="This order includes a Sales Breakthrough Hour: write to the buyer within 24 hours." />
      )}
    </EmailLayout>
  );
}

export const saleNotificationTemplate = defineEmailTemplate({
  name: "sale-notification",
  schema: z.object({
    orderId: z.string(),
    sessionId: z.string(),
    buyer: z.object({
      email: z.string(),
      name: z.string().nullable(),
      address: z.record(z.string(), z.string()).nullable(),
    }),
    items: orderItems,
    amountPaidCents: z.number(),
  }),
  subject: (data) =>
    `New sale: ${data.items.map((item) => item.name).join(" + ")} ($${formatAmount(data.amountPaidCents)})`,
  body: (data) => <SaleNotification {...data} />,
});

export function saleNotificationEmail(input: SaleNotificationInput) {
  return saleNotificationTemplate.compose(input);
}
