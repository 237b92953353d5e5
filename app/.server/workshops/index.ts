// The workshops' public face: dated events, cohorts and their seats, registrations through Stripe
// Checkout, and each cohort's waiting list (issue 37, decision 180).
import { onPersonEvent } from "../core/person-events";
import { registerAudienceGroup } from "../broadcasts";
import type { DefinedEmailTemplate } from "../mail/templates/email-template";
import { eraseWorkshopAttendee } from "./attendee-erasure";
import { cohortAttendeesGroup, cohortGroupKind } from "./cohort-letters";
import {
  workshopBalanceRequestTemplate,
  workshopCancelledTemplate,
  workshopChangedTemplate,
  workshopConfirmationTemplate,
  workshopReceiptTemplate,
  workshopReminderTemplate,
  workshopRefundApologyTemplate,
  workshopSeatOfferTemplate,
  workshopWaitlistJoinedTemplate,
} from "./emails/workshop-emails";

export { attendeeColumns, cohortAttendeeRows } from "./attendee-export";
export {
  loadBalance,
  sendBalanceRequests,
  settleBalanceReturn,
  startBalancePayment,
  type BalanceView,
} from "./balance";
export {
  cancelRegistration,
  loadCancellation,
  type CancellationView,
  type CancelOutcome,
} from "./cancellation";
export { cancelCohort, type CancelCohortOutcome } from "./cohort-changes";
export { cohortGroupKey } from "./cohort-letters";
export { datesLabel, eventsToday } from "./cohort-terms";
export { sendWorkshopReminders } from "./reminders";
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
  workshopBalanceRequestTemplate,
  workshopCancelledTemplate,
  workshopChangedTemplate,
  workshopReminderTemplate,
  workshopConfirmationTemplate,
  workshopReceiptTemplate,
  workshopRefundApologyTemplate,
  workshopSeatOfferTemplate,
  workshopWaitlistJoinedTemplate,
] as DefinedEmailTemplate[];

/**
 * Lets an erasure reach the attendees and the waiting lists (`core/person-events.ts`), and the
 * broadcasts reach a cohort's attendees. The wiring calls it once per process, as it registers
 * the emails; calling it again is harmless.
 */
export function registerWorkshopListeners() {
  onPersonEvent("workshops", eraseWorkshopAttendee);
  registerAudienceGroup(cohortGroupKind, cohortAttendeesGroup);
}
