// The broadcasts' public face: what the wiring and other capabilities may use of letters to lists.
import type { DefinedEmailTemplate } from "../mail/templates/email-template";
import { broadcastAttentionTemplate } from "./emails/broadcast-attention";
import { broadcastTestTemplate } from "./emails/broadcast-email";

export { broadcastOutboxHooks } from "./broadcast-outbox-hooks";
export { registerAudienceGroup, type AudienceGroup } from "./audience-groups";
/** A letter in Markdown drawn as broadcasts draw it (the email sequences' steps use it too). */
export { broadcastEmail as letterEmail } from "./emails/broadcast-email";
export { parseLetterMarkdown } from "./letter-markdown";
export { startBroadcastQueue, type BroadcastQueueRunner } from "./broadcast-queue-runner";

/** The broadcasts' own emails (the owner's test copy and notices), registered by the wiring. */
export const broadcastEmailTemplates = [
  broadcastAttentionTemplate,
  broadcastTestTemplate,
] as DefinedEmailTemplate[];

// What the routes and the wiring use.
export {
  articleBroadcastLists,
  articleBroadcastsOf,
  articleListCounts,
  sendArticleToLists,
} from "./article-broadcasts";
export type { ArticleSendOutcome } from "./article-broadcasts";
export { countRecipients } from "./audience";
export { describeAudienceGroup } from "./audience-groups";
export {
  archiveCacheControl,
  publishBroadcast,
  publishedLetter,
  publishedLetters,
} from "./broadcast-archive";
export { droppedFromLetter, personalise, renderBroadcast } from "./broadcast-content";
export {
  audienceOf,
  broadcastInput,
  broadcastsToGroup,
  countRecipientsFor,
  draftOf,
  findBroadcast,
  listBroadcasts,
  saveBroadcastDraft,
} from "./broadcast-drafts";
export { rescheduleOverdue, sendOverdueNow } from "./broadcast-overdue";
export { pausedBroadcastNotices, pauseOverComplaints, resumeBroadcast } from "./broadcast-pauses";
export { broadcastReport } from "./broadcast-report";
export { broadcastReportColumns, broadcastReportRows } from "./broadcast-report-csv";
export {
  cancelBroadcast,
  dismissUncertain as dismissUncertainBroadcastEmails,
  resendUncertain,
  sendBroadcast,
  sendBroadcastTest,
} from "./broadcast-sending";
export type { SendOutcome } from "./broadcast-sending";
export type { BroadcastStatus } from "./broadcast-tables";
export { broadcastUnsubscribePage, unsubscribeFromBroadcast } from "./broadcast-unsubscribe";
