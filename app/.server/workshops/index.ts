// The workshops' public face: dated events, cohorts and their seats, registrations through Stripe
// Checkout, and each cohort's waiting list (issue 37, decision 180).
import type { DefinedEmailTemplate } from "../mail/templates/email-template";
import {
  workshopConfirmationTemplate,
  workshopReceiptTemplate,
  workshopRefundApologyTemplate,
  workshopSeatOfferTemplate,
  workshopWaitlistJoinedTemplate,
} from "./emails/workshop-emails";

export { datesLabel, eventsToday } from "./cohort-terms";
export {
  eventFormValues,
  listEventsForOwner,
  listSiteEvents,
  loadEvent,
  openCohorts,
  saveEvent,
  type OpenCohort,
  type SaveEventOutcome,
} from "./events";
export {
  registeredPath,
  startRegistration,
  sweepLapsedHolds,
  type RegistrationOutcome,
} from "./registration";
export {
  joinWaitlist,
  loadOffer,
  offerSeatAsOwner,
  sweepLapsedOffers,
  type JoinWaitlistOutcome,
} from "./waitlist";
export {
  handleWorkshopStripeEvent,
  lookUpRegistration,
  type RegistrationResult,
} from "./workshop-stripe-events";
export { cohortConsole } from "./workshop-console";
export type { EventKind, RegistrationStatus, WaitlistStatus } from "./workshops-tables";

/** The workshops' emails, registered with the mail engine by the wiring. */
export const workshopEmailTemplates = [
  workshopConfirmationTemplate,
  workshopReceiptTemplate,
  workshopRefundApologyTemplate,
  workshopSeatOfferTemplate,
  workshopWaitlistJoinedTemplate,
] as DefinedEmailTemplate[];
