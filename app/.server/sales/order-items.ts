import { purchasableItems, type OrderItem, type PurchasableItemId } from "~/lib/catalog";

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
