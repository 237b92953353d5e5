import { ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { buyNowContent } from "~/content/buy-now";
import { purchasableItemIds, purchasableItems, type PurchasableItemId } from "~/lib/catalog";
import { orderAmountText } from "~/lib/order-amount";
import { selectionTotalCents } from "~/lib/purchase-rules";

const { summary, guarantee } = buyNowContent;

type OrderSummaryProps = {
  selection: readonly PurchasableItemId[];
  /** The purchase button and anything beside it. */
  children: ReactNode;
};

/** What the buyer is about to pay: the selected items, tax 0.00, free shipping and the total. */
export function OrderSummary({ selection, children }: OrderSummaryProps) {
  const totalCents = selectionTotalCents(selection);
  return (
    <Card as="section" aria-labelledby="order-summary-title" data-testid="order-summary">
      <CardHeader>
        <h2 id="order-summary-title" className="text-2xl font-semibold text-primary">
          {summary.title}
        </h2>
      </CardHeader>
      <CardContent className="space-y-5">
        {/* Every item is written, shown as its box is checked: the inline island keeps these
            lines and the amounts from the form's boxes before React runs (decision 131), React
            from its selection after; both from the same prices with the same formula. */}
        <p
          className="text-sm text-muted-foreground"
          hidden={selection.length > 0}
          data-summary-empty=""
        >
          {summary.empty}
        </p>
        <ul className="space-y-2" data-testid="summary-items">
          {purchasableItemIds.map((id) => (
            <li
              key={id}
              className="flex justify-between gap-4"
              hidden={!selection.includes(id)}
              data-summary-item={id}
            >
              <span>{purchasableItems[id].name}</span>
              <span>{orderAmountText(purchasableItems[id].amountCents)}</span>
            </li>
          ))}
        </ul>
        <dl className="space-y-2 border-t pt-4 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted-foreground">{summary.subtotal}</dt>
            <dd data-summary-amount="" suppressHydrationWarning>
              {orderAmountText(totalCents)}
            </dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-muted-foreground">{summary.tax}</dt>
            <dd data-testid="summary-tax">{orderAmountText(0)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-muted-foreground">{summary.shipping}</dt>
            <dd data-testid="summary-shipping">{summary.shippingValue}</dd>
          </div>
          <div className="flex justify-between border-t pt-3 text-lg font-semibold">
            <dt>{summary.total}</dt>
            {/* The island may have written the visitor's total before hydration: React keeps it. */}
            <dd data-testid="summary-total" data-summary-amount="" suppressHydrationWarning>
              {orderAmountText(totalCents)}
            </dd>
          </div>
        </dl>
        {children}
        <div className="flex gap-3 rounded-md bg-sage/40 p-4">
          <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div>
            <p className="font-semibold text-primary">{guarantee.title}</p>
            <p className="text-sm text-foreground">{guarantee.text}</p>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
