import { formatAmount } from "~/lib/purchase-rules";
import type { OrderItem } from "~/.server/services/order-items";

/** Tells the owner about a sale, with what the buyer needs next (a session to schedule). */
export function saleNotificationEmail(input: {
  orderId: string;
  sessionId: string;
  buyer: { email: string; name: string | null; address: Record<string, string> | null };
  items: OrderItem[];
  amountPaidCents: number;
}) {
  const needsScheduling = input.items.some((item) => item.id === "breakthrough-session");
  const address = input.buyer.address ? Object.values(input.buyer.address).join(", ") : "not given";
  return {
    subject: `New sale: ${input.items.map((item) => item.name).join(" + ")} ($${formatAmount(input.amountPaidCents)})`,
    text: [
      `Order ${input.orderId} (Stripe session ${input.sessionId}) was paid.`,
      "",
      `Buyer: ${input.buyer.name ?? "(no name given)"} <${input.buyer.email}>`,
      `Billing address: ${address}`,
      ...input.items.map((item) => `  ${item.name}: $${formatAmount(item.amountCents)}`),
      `Paid: $${formatAmount(input.amountPaidCents)}`,
      ...(needsScheduling
        ? ["", "This order includes a Sales Breakthrough Hour: write to the buyer within 24 hours."]
        : []),
    ].join("\n"),
  };
}
