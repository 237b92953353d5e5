// The admin's public face: what the wiring and other capabilities may use of the console's work.
import type { DefinedEmailTemplate } from "../mail/templates/email-template";
import { adminSignInLinkTemplate } from "./emails/admin-sign-in-link";

export { requestAdminSignInLink, redeemAdminSignInLink } from "./sign-in-links";

/** The console's emails, registered with the mail engine by the wiring. */
export const adminEmailTemplates = [adminSignInLinkTemplate] as DefinedEmailTemplate[];
