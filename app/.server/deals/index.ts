// The pipeline's public face: what the routes and the wiring may use of deals.
import { onPersonEvent } from "../core/person-events";
import type { DefinedEmailTemplate } from "../mail/templates/email-template";
import { openDealOnMessage } from "./deals";
import { dealMessageTemplate } from "./emails/deal-message";
import { depositPaidTemplate, depositReceiptTemplate } from "./emails/deposit-emails";
import { nextStepDueTemplate } from "./emails/next-step-due";
import {
  proposalAcceptedCopyTemplate,
  proposalAcceptedTemplate,
  proposalSentTemplate,
} from "./emails/proposal-emails";

/** The pipeline's emails, registered with the mail engine by the wiring. */
export const dealEmailTemplates = [
  nextStepDueTemplate,
  dealMessageTemplate,
  proposalSentTemplate,
  proposalAcceptedTemplate,
  proposalAcceptedCopyTemplate,
  depositPaidTemplate,
  depositReceiptTemplate,
] as DefinedEmailTemplate[];

/**
 * Lets a contact message about quoted work open its deal in the transaction that stores it
 * (`core/person-events.ts`). The wiring calls it once per process; calling it again is harmless.
 */
export function registerDealListeners() {
  onPersonEvent("deals", openDealOnMessage);
}

export {
  boardLimit,
  columnLimit,
  dealExportColumns,
  dealFilterFromQuery,
  dealFormValues,
  dealsForExport,
  dealsOfPerson,
  listDeals,
  loadDeal,
  moveDeal,
  openDealByHand,
  openDealFromMessage,
  saveDeal,
  type DealRow,
} from "./deals";
export { nextStepSweepIntervalMs, sendDueNextSteps } from "./next-step-reminders";
export { addDealNote } from "./deal-notes";
export { sendDealEmail } from "./deal-emails";
export { loadDealTimeline, type DealTimelineEntry } from "./deal-timeline";
export { pipelineFigures, type PipelineFigures } from "./pipeline-figures";
export {
  acceptProposal,
  proposalPdfForLink,
  viewProposal,
  type AcceptProposalOutcome,
  type ProposalPage,
} from "./proposals/proposal-acceptance";
export type { ProposalDocument } from "./proposals/proposal-document";
export {
  settleDepositReturn,
  startDepositPayment,
  type DepositPaymentOutcome,
  type ProposalDeposit,
} from "./proposals/proposal-deposit";
export { handleDepositStripeEvent } from "./proposals/deposit-stripe-events";
export { proposalPdfForOwner } from "./proposals/proposal-owner-pdf";
export { sendProposal } from "./proposals/proposal-sending";
export {
  listProposals,
  proposalFormValues,
  saveProposal,
  type ProposalState,
} from "./proposals/proposal-versions";
