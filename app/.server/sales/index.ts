// The sales' public face: what the console and other capabilities may use of orders and downloads.
import type { DefinedEmailTemplate } from "../mail/templates/email-template";
import { downloadLinkTemplate } from "./emails/download-link";
import { purchaseReceiptTemplate } from "./emails/purchase-receipt";
import { saleNotificationTemplate } from "./emails/sale-notification";
import { sessionSchedulingTemplate } from "./emails/session-scheduling";

export { replaceDownloadLink } from "./download-links";
export { recordStripeEventOnce } from "./stripe-events";
export type { Stripe } from "./stripe-client";
export { openOneCheckout } from "./one-open-checkout";
export { parseOrderItems } from "./order-items";
export type { OrderStatus } from "./checkout-tables";

/** The sales' emails, registered with the mail engine by the wiring. */
export const salesEmailTemplates = [
  downloadLinkTemplate,
  purchaseReceiptTemplate,
  saleNotificationTemplate,
  sessionSchedulingTemplate,
] as DefinedEmailTemplate[];

// What the routes and the wiring use.
export { loadBookPdf } from "./book-file";
export { recordCheckoutPress, startCheckout } from "./checkout";
export { includesItem, lookUpCheckoutResult } from "./checkout-result";
export { redeemDownloadLink, reissueDownloadLink } from "./download-links";
export { downloadRefusalPage } from "./download-refusal-page";
export { createStripeClient } from "./stripe-client";
export { handleStripeEvent } from "./stripe-events";
