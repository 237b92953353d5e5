// The admin's public face: what the wiring and other capabilities may use of the console's work.
import type { DefinedEmailTemplate } from "../mail/templates/email-template";
import { adminSignInLinkTemplate } from "./emails/admin-sign-in-link";

export { requestAdminSignInLink, redeemAdminSignInLink } from "./sign-in-links";

/** The console's emails, registered with the mail engine by the wiring. */
export const adminEmailTemplates = [adminSignInLinkTemplate] as DefinedEmailTemplate[];

// What the routes and the wiring use.
export {
  clearedSessionCookieHeader,
  clearedSignInNonceCookieHeader,
  currentAdminSession,
  relyingPartyFor,
  requireAdminAction,
  requireAdminPage,
  requireAdminSession,
  requireSameOrigin,
  sessionCookieHeader,
  signInNonce,
  signInNonceCookieHeader,
} from "./admin-request";
export { signOutAdmin } from "./admin-sessions";
export {
  auditEntriesForExport,
  auditExportColumns,
  auditFilterFromQuery,
  auditPageSize,
  listAuditEntries,
} from "./audit-entries";
export { csvDownload } from "./csv-export";
export { leadTotals, leadsPerDay, needsAttention } from "./dashboard";
export type { ListStanding } from "./dashboard";
export { carriedRefusal, consoleDownload } from "./download-refusals";
export {
  changeMessageStatus,
  findInboxMessage,
  inboxPageSize,
  listInboxMessages,
  messageExportColumns,
  messagesForExport,
} from "./inbox";
export {
  listOrders,
  orderExportColumns,
  ordersForExport,
  ordersPageSize,
  salesState,
  sendFreshDownloadLink,
} from "./orders";
export {
  failedEmails,
  outboxCounts,
  retryFailedEmail,
  sendUncertainEmailAgain,
  dismissUncertain,
  uncertainEmails,
} from "./outbox-health";
export {
  listPasskeys,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  registerPasskey,
  removePasskey,
  signInWithPasskey,
} from "./passkeys";
export { peopleFilterFromQuery } from "./people-query";
