import { z } from "zod";
import { purchasableItemIds, type PurchasableItemId } from "~/lib/catalog";

/** An order's items as a receipt or a sale notification stores them. */
export const orderItems = z.array(
  z.object({
    id: z.enum(purchasableItemIds as [PurchasableItemId, ...PurchasableItemId[]]),
    name: z.string(),
    amountCents: z.number(),
  }),
);
