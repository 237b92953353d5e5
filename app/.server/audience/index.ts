// The audience's public face: what other capabilities may use of people and their lists.
import type { DefinedEmailTemplate } from "../mail/templates/email-template";
import { newsletterConfirmationTemplate } from "./emails/newsletter-confirmation";
import { newsletterWelcomeTemplate } from "./emails/newsletter-welcome";
import { nowAvailableTemplate, waitlistConfirmationTemplate } from "./emails/waitlist-emails";

export { markBounced } from "./bounces";
export { guideReaderParameter, guideReaderToken, recordGuideDownload } from "./guide-readers";
export { rememberPerson } from "./people";
export { membershipLinks } from "./list-links";
export { peopleSources, type PeopleFilter } from "./people-directory";
export {
  listUnsubscribeHeaders,
  signNewsletterToken,
  verifyNewsletterToken,
} from "./newsletter-links";

/** The lists' emails, registered with the mail engine by the wiring. */
export const audienceEmailTemplates = [
  newsletterConfirmationTemplate,
  newsletterWelcomeTemplate,
  nowAvailableTemplate,
  waitlistConfirmationTemplate,
] as DefinedEmailTemplate[];

// What the routes and the wiring use.
export { erasePerson } from "./erasure";
export { maxImportBytes } from "./import-csv";
export { listedRows } from "./import-file";
export type { ImportField } from "./import-file";
export { listLinkOf, listLinkStatus, loadListLinkPage } from "./list-link-page";
export { listLinkPath } from "./list-links";
export { confirmMembership, resendConfirmation, unsubscribeMembership } from "./list-memberships";
export { receiveNewsletterSignup } from "./newsletter-signup";
export { listPeople, peoplePageSize } from "./people-directory";
export { peopleExportColumns, peopleForExport } from "./people-export";
export { discardImport, stageImport } from "./people-import";
export type { FieldChanges } from "./people-import";
export { recordPersonExport, unsubscribePerson } from "./person-actions";
export { personDataExport } from "./person-data-export";
export { findPersonRecord } from "./person-record";
export { personTimeline } from "./person-timeline";
export { replaySignupRequests, signupReplayAfterMs } from "./signup-requests";
export { joinWaitlist } from "./waitlist";
export { notifyWaitlist } from "./waitlist-announcement";
export {
  cancelImport,
  importJobIntervalMs,
  importStatus,
  runNowOrWake,
  startImport,
  startImportJobs,
} from "./people-import-job";
export type { ImportStatus } from "./people-import-job";
