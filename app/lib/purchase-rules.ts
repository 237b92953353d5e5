// zod's own address pattern, without zod: the purchase pages check one address in the browser.
import { regexes } from "zod/v4/core";
import { purchasableItems, type PurchasableItemId } from "./catalog";

export { formatAmount } from "./order-amount";

/**
 * The purchase page's rules and messages (spec sections 5 and 8), shared by the page and the
 * checkout function so both refuse the same things with the same words.
 */

/** The same address check as every other form (zod's `z.email().max(254)`). */
export function isValidPurchaseEmail(value: string) {
  const email = value.trim();
  return email.length <= 254 && regexes.email.test(email);
}

export const purchaseMessages = {
  invalidEmail: "Please enter a valid email address.",
  selectionRequired: {
    title: "Selection Required",
    description: "Please select at least one format to proceed.",
  },
  emailRequired: { title: "Email Required", description: "Please enter a valid email address." },
  paymentError: {
    title: "Payment Error",
    description: "Unable to process payment. Please try again.",
  },
  noCheckoutUrl: "No checkout URL received",
} as const;

/** The sum of the selected items, in cents (to add money without floating-point drift). */
export function selectionTotalCents(selection: readonly PurchasableItemId[]) {
  return selection.reduce((sum, id) => sum + purchasableItems[id].amountCents, 0);
}

/** Toggles an item: selecting a chosen item removes it; the catalog's order is kept. */
export function toggleSelection(selection: readonly PurchasableItemId[], id: PurchasableItemId) {
  return selection.includes(id) ? selection.filter((item) => item !== id) : [...selection, id];
}
