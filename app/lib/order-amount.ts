/**
 * How the purchase pages write an amount. Its own module, free of imports, so the inline island
 * that keeps the order summary before React runs (decision 131) writes it with the same code.
 */

/** A dollar amount with cents, as the order summary and receipts show it: 19.99, 0.00. */
export function formatAmount(cents: number) {
  return (cents / 100).toFixed(2);
}

/** An amount as the order summary shows it: $19.99. */
export function orderAmountText(cents: number) {
  return `$${formatAmount(cents)}`;
}
