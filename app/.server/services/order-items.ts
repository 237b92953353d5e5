import { purchasableItems, type PurchasableItemId } from "~/lib/catalog";

/** An item as an order records it: the catalog's name and price at the time of the order. */
export type OrderItem = { id: PurchasableItemId; name: string; amountCents: number };

export function orderItemsFromCatalog(ids: readonly PurchasableItemId[]): OrderItem[] {
  return ids.map((id) => ({
    id,
    name: purchasableItems[id].name,
    amountCents: purchasableItems[id].amountCents,
  }));
}

export function parseOrderItems(json: string): OrderItem[] {
  return JSON.parse(json) as OrderItem[];
}
