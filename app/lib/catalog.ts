/**
 * What the site sells and at what price. The server takes amounts only from here; the browser
 * names products. The spec states two book prices: 19.99 on the purchase page (what checkout
 * charges) and 19.95 against a list price of 29.95 on the landing page; both are kept as named.
 */
export const BOOK_PRODUCT_ID = "no-self-selling-book";

export type PurchasableItemId = "pdf" | "breakthrough-session";

export type PurchasableItem = {
  id: PurchasableItemId;
  name: string;
  /** The price in US cents: what Stripe charges and every displayed price is formatted from. */
  amountCents: number;
  summary: string;
  details: string[];
};

export const purchasableItems: Record<PurchasableItemId, PurchasableItem> = {
  pdf: {
    id: "pdf",
    name: "PDF Download",
    amountCents: 1999,
    summary: "Instant download",
    details: ["Instant download", "Read on any device"],
  },
  "breakthrough-session": {
    id: "breakthrough-session",
    name: "Sales Breakthrough Hour",
    amountCents: 29500,
    summary: "60-minute one-to-one video consultation",
    details: [
      "60-minute one-to-one video consultation",
      "Recorded for you to keep",
      "Scheduled after purchase",
    ],
  },
};

/** An item as an order records it: the catalog's name and price at the time of the order. */
export type OrderItem = { id: PurchasableItemId; name: string; amountCents: number };

/** An item's price in dollars, for display and structured data. */
export function itemPrice(item: PurchasableItem) {
  return item.amountCents / 100;
}

export const purchasableItemIds = Object.keys(purchasableItems) as PurchasableItemId[];

export function isPurchasableItemId(value: unknown): value is PurchasableItemId {
  return typeof value === "string" && Object.hasOwn(purchasableItems, value);
}

/** The landing page's offer for the same book. */
export const LANDING_PAGE_PRICE = 19.95;
export const LANDING_PAGE_LIST_PRICE = 29.95;
/** Derived, so the saving shown always matches the two prices (rounded to whole cents). */
export const LANDING_PAGE_SAVINGS =
  Math.round((LANDING_PAGE_LIST_PRICE - LANDING_PAGE_PRICE) * 100) / 100;

/** The foundations workshop, the only program with a published price. */
export const FOUNDATIONS_PROGRAM_PRICE = 14495;
/** The introductory rate of the one-to-one session. */
export const BREAKTHROUGH_SESSION_PRICE = itemPrice(purchasableItems["breakthrough-session"]);
export const BOOK_PDF_PRICE = itemPrice(purchasableItems.pdf);
export const CORPORATE_MINIMUM_TEAM_SIZE = 10;
export const MONEY_BACK_GUARANTEE_DAYS = 30;

// Made once: building a formatter costs far more than formatting (the pipeline board formats
// hundreds of values a page; bench/results/2026-12-08-pipeline.md).
const wholeDollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 0,
});
const dollarsAndCents = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
});

export function formatPrice(dollars: number) {
  return (Number.isInteger(dollars) ? wholeDollars : dollarsAndCents).format(dollars);
}
