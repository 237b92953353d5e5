// The audience's public face: what other capabilities may use of people and their lists.
import type { DefinedEmailTemplate } from "../mail/templates/email-template";
import { newsletterConfirmationTemplate } from "./emails/newsletter-confirmation";
import { newsletterWelcomeTemplate } from "./emails/newsletter-welcome";
import { nowAvailableTemplate, waitlistConfirmationTemplate } from "./emails/waitlist-emails";

export { liftSuppression, markBounced, markComplained } from "./people/bounces";
export { guideReaderParameter, guideReaderToken, recordGuideDownload } from "./lists/guide-readers";
export { rememberPerson } from "./people/people";
export { membershipLinks } from "./lists/list-links";
export { peopleSources, type PeopleFilter } from "./people/people-directory";
export {
  listUnsubscribeHeaders,
  signNewsletterToken,
  verifyNewsletterToken,
} from "./lists/newsletter-links";

/** The lists' emails, registered with the mail engine by the wiring. */
export const audienceEmailTemplates = [
  newsletterConfirmationTemplate,
  newsletterWelcomeTemplate,
  nowAvailableTemplate,
  waitlistConfirmationTemplate,
] as DefinedEmailTemplate[];

// What the routes and the wiring use.
export { erasePerson } from "./erasure/erasure";
export { maxImportBytes } from "./import/import-csv";
export { listedRows } from "./import/import-file";
export type { ImportField } from "./import/import-file";
export { listLinkOf, listLinkStatus, loadListLinkPage } from "./lists/list-link-page";
export { listLinkPath } from "./lists/list-links";
export {
  confirmMembership,
  resendConfirmation,
  unsubscribeLinkPerson,
  unsubscribeMembership,
} from "./lists/list-memberships";
export { receiveNewsletterSignup } from "./lists/newsletter-signup";
export { listPeople, peoplePageSize } from "./people/people-directory";
export { peopleExportColumns, peopleForExport } from "./people/people-export";
export { discardImport, stageImport } from "./import/people-import";
export type { FieldChanges } from "./import/people-import";
export { recordPersonExport, unsubscribePerson } from "./people/person-actions";
export { personDataExport } from "./people/person-data-export";
export { findPersonRecord } from "./people/person-record";
export { personTimeline } from "./people/person-timeline";
export type { TimelineEvent } from "./people/person-timeline";
export { replaySignupRequests, signupReplayAfterMs } from "./lists/signup-requests";
export { joinWaitlist } from "./lists/waitlist";
export { notifyWaitlist } from "./lists/waitlist-announcement";
export {
  cancelImport,
  importJobIntervalMs,
  importStatus,
  runNowOrWake,
  startImport,
  startImportJobs,
} from "./import/people-import-job";
export type { ImportStatus } from "./import/people-import-job";
