import { adminEmailTemplates } from "../../admin";
import { audienceEmailTemplates } from "../../audience";
import { bookingEmailTemplates } from "../../booking";
import { broadcastEmailTemplates } from "../../broadcasts";
import { dealEmailTemplates, registerDealListeners } from "../../deals";
import { leadsEmailTemplates } from "../../leads";
import { emailTemplates, registerEmailTemplates } from "../../mail/templates/template-registry";
import { salesEmailTemplates } from "../../sales";
import { registerSequenceListeners } from "../../sequences";
import { registerWorkshopListeners, workshopEmailTemplates } from "../../workshops";

/** Every transactional email the site sends: each capability's own `emails/`. */
export const siteEmailTemplates = [
  ...adminEmailTemplates,
  ...audienceEmailTemplates,
  ...bookingEmailTemplates,
  ...broadcastEmailTemplates,
  ...dealEmailTemplates,
  ...leadsEmailTemplates,
  ...salesEmailTemplates,
  ...workshopEmailTemplates,
];

/**
 * Hands the capabilities' templates to the mail engine, which knows none of them (as it is handed
 * the broadcasts' `OutboxHooks`). The process (app-context), the worker thread or process
 * (outbox-service) and the tests' setup call it before anything renders; calling it again is
 * harmless. Returns the registry the worker renders from.
 */
export function registerSiteEmails() {
  registerEmailTemplates(siteEmailTemplates);
  // And what the capabilities above hear of people (core/person-events.ts): the sequences start
  // and stop on lists, purchases, bookings, bounces and erasures, in whichever process records it;
  // an erasure blanks the workshops' attendees; a message about quoted work opens a deal.
  registerSequenceListeners();
  registerWorkshopListeners();
  registerDealListeners();
  return emailTemplates;
}
