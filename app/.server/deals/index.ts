// The pipeline's public face: what the routes and the wiring may use of deals.
import { onPersonEvent } from "../core/person-events";
import type { DefinedEmailTemplate } from "../mail/templates/email-template";
import { openDealOnMessage } from "./deals";
import { nextStepDueTemplate } from "./emails/next-step-due";
import {
  proposalAcceptedCopyTemplate,
  proposalAcceptedTemplate,
  proposalSentTemplate,
} from "./emails/proposal-emails";

/** The pipeline's emails, registered with the mail engine by the wiring. */
export const dealEmailTemplates = [
  nextStepDueTemplate,
  proposalSentTemplate,
  proposalAcceptedTemplate,
  proposalAcceptedCopyTemplate,
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
export {
  acceptProposal,
  proposalPdfForLink,
  viewProposal,
  type AcceptProposalOutcome,
  type ProposalPage,
} from "./proposals/proposal-acceptance";
export type { ProposalDocument } from "./proposals/proposal-document";
export { proposalPdfForOwner } from "./proposals/proposal-owner-pdf";
export { sendProposal } from "./proposals/proposal-sending";
export { proposalTimelineEntries, type ProposalTimelineEntry } from "./proposals/proposal-timeline";
export {
  listProposals,
  proposalFormValues,
  saveProposal,
  type ProposalState,
} from "./proposals/proposal-versions";
