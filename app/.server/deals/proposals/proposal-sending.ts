import { centsLabel } from "~/lib/proposal-schema";
import { siteConfig } from "~/lib/site";
import { recordAdminAction } from "../../core/audit-log";
import type { ServiceDeps } from "../../core/service-deps";
import { enqueueEmail } from "../../mail";
import { moveDealIn } from "../deals";
import { proposalSentTemplate } from "../emails/proposal-emails";
import { proposalUrl } from "./proposal-links";
import { latestSentVersion, lockDeal, ownerToday, proposalState } from "./proposal-versions";

export type SendProposalOutcome =
  | { outcome: "sent"; to: string }
  | { outcome: "not-found" }
  | { outcome: "refused"; error: string };

/**
 * Sends one version to the deal's person: the email with its signed link through the outbox,
 * the deal moved to proposal sent (not from won or lost), in one transaction with the audit.
 * Sending a later version supersedes the earlier ones; resending the same version is allowed.
 */
export async function sendProposal(
  deps: ServiceDeps,
  { dealId, proposalId, actor }: { dealId: string; proposalId: string; actor: string },
): Promise<SendProposalOutcome> {
  const now = deps.clock.now();
  const today = ownerToday(deps);
  const outcome = await deps.db.transaction().execute(async (trx): Promise<SendProposalOutcome> => {
    await lockDeal(trx, dealId);
    const found = await trx
      .selectFrom("deal_proposals")
      .innerJoin("deals", "deals.id", "deal_proposals.deal_id")
      .leftJoin("people", "people.id", "deals.person_id")
      .selectAll("deal_proposals")
      .select(["deals.stage as deal_stage", "people.email as person_email"])
      .where("deal_proposals.id", "=", proposalId)
      .where("deal_proposals.deal_id", "=", dealId)
      .executeTakeFirst();
    if (!found) return { outcome: "not-found" };
    if (!found.person_email)
      return {
        outcome: "refused",
        error: "The deal has no contact to send to: open it from a message or give an email.",
      };
    const state = proposalState(found, await latestSentVersion(trx, dealId), today);
    if (state === "accepted")
      return { outcome: "refused", error: "This version is accepted already." };
    if (state === "superseded")
      return { outcome: "refused", error: "A later version was sent: send that one instead." };
    if (state === "expired")
      return {
        outcome: "refused",
        error: `Its validity date (${found.valid_until}) has passed: save a new version with a later one.`,
      };
    await trx
      .updateTable("deal_proposals")
      .set({ sent_at: now.toISOString(), sent_to: found.person_email })
      .where("id", "=", proposalId)
      .execute();
    await enqueueEmail(
      trx,
      {
        purpose: "deals.proposal-sent",
        to: found.person_email,
        from: deps.config.MAIL_FROM,
        replyTo: deps.config.CONTACT_EMAIL,
        ...proposalSentTemplate.compose({
          program: found.program,
          total: centsLabel(found.total_cents),
          validUntil: found.valid_until,
          proposalUrl: proposalUrl(deps, proposalId),
          from: siteConfig.brand,
        }),
      },
      { now },
    );
    await recordAdminAction(trx, {
      actor,
      action: "deals.proposal-sent",
      subject: dealId,
      detail: { proposal: proposalId, version: found.version },
      now,
    });
    if (found.deal_stage !== "won" && found.deal_stage !== "lost")
      await moveDealIn(trx, { id: dealId, stage: "proposal-sent", actor, now });
    return { outcome: "sent", to: found.person_email };
  });
  if (outcome.outcome === "sent") deps.outbox.wake();
  return outcome;
}
