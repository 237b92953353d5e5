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
