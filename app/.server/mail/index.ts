// The mail engine's public face: capabilities queue emails here (templates are imported from
// `mail/templates/`) and register what follows a bulk email through `OutboxHooks`; the worker and
// transport belong to the server's wiring.
export {
  cancelBulkBatch,
  dismissUncertainEmail,
  dismissUncertainEmails,
  enqueueBulkEmails,
  enqueueEmail,
  enqueueEmails,
  holdBulkBatch,
  releaseBulkBatch,
  releaseProbeEmail,
  requeueFailedEmails,
  resendUncertainEmail,
  resendUncertainEmails,
  ownerConfirmedNote,
  type OutgoingEmail,
} from "./outbox";
export type { BulkCompletion, BulkPause, OutboxEmailRef, OutboxHooks } from "./outbox-hooks";
export type { SharedBody } from "./shared-body";
export { deleteEmailsMentioning, removeMailFiles, columnsNamingPeople } from "./outbox-erasure";
export { withRenderedBodies } from "./stored-email-bodies";
export {
  bounceMailboxFromUrl,
  readBounceMailbox,
  type BounceMailboxRound,
} from "./bounce-mailbox/bounce-mailbox";
export type { DeliveryReport } from "./bounce-mailbox/delivery-report";
