import { formatAmount } from "~/lib/purchase-rules";
import type { OrderItem } from "~/lib/catalog";
import { htmlEmail, htmlParagraph, type EmailContent } from "./email-layout";

/** Tells the owner about a sale, with what the buyer needs next (a session to schedule). */
export function saleNotificationEmail(input: {
  orderId: string;
  sessionId: string;
  buyer: { email: string; name: string | null; address: Record<string, string> | null };
  items: OrderItem[];
  amountPaidCents: number;
}): EmailContent {
  const needsScheduling = input.items.some((item) => item.id === "breakthrough-session");
  const address = input.buyer.address ? Object.values(input.buyer.address).join(", ") : "not given";
  const subject = `New sale: ${input.items.map((item) => item.name).join(" + ")} ($${formatAmount(input.amountPaidCents)})`;
  const paragraphs = [
    `Order ${input.orderId} (Stripe session ${input.sessionId}) was paid.`,
    `Buyer: ${input.buyer.name ?? "(no name given)"} <${input.buyer.email}>\nBilling address: ${address}`,
    [
      ...input.items.map((item) => `${item.name}: $${formatAmount(item.amountCents)}`),
      `Paid: $${formatAmount(input.amountPaidCents)}`,
    ].join("\n"),
    ...(needsScheduling
      ? ["This order includes a Sales Breakthrough Hour: write to the buyer within 24 hours."]
      : []),
  ];
  return {
    subject,
    text: paragraphs.join("\n\n"),
    html: htmlEmail({ title: subject, body: paragraphs.map(htmlParagraph).join("") }),
  };
}
