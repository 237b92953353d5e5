// The leads' public face: what the wiring and other capabilities may use of contact messages.
import type { DefinedEmailTemplate } from "../mail/templates/email-template";
import { contactAcknowledgementTemplate } from "./emails/contact-acknowledgement";
import { contactOwnerNotificationTemplate } from "./emails/contact-owner-notification";

export { receiveContactMessage } from "./contact-messages";

/** The leads' emails, registered with the mail engine by the wiring. */
export const leadsEmailTemplates = [
  contactAcknowledgementTemplate,
  contactOwnerNotificationTemplate,
] as DefinedEmailTemplate[];

// What the routes and the wiring use.
export { eventsAsOf } from "./upcoming-events";
