// Deliverability's public face: what providers report after they accept an email (issue 48).
export { recordDeliveryEvent, outboxIdOf } from "./delivery-events";
export type { DeliveryEvent, DeliveryEventResult } from "./delivery-events";
export type { DeliveryProvider } from "./deliverability-tables";
export { readBounceMailboxRound, recordBounceMailboxReport } from "./bounce-mailbox-reports";
export { receiveProviderWebhook, replayKeptWebhooks, webhookReplayAfterMs } from "./webhook-inbox";
export type { WebhookAnswer } from "./webhook-inbox";
export { personDeliveryTimeline } from "./delivery-timeline";
export { countSuppressed, liftPersonSuppression, listSuppressed } from "./suppressions";
export { recentDeliveryRates } from "./delivery-rates";
export type { RecentDeliveryRates } from "./delivery-rates";
