import { sql } from "kysely";
import { proposalAcceptanceSchema, centsLabel } from "~/lib/proposal-schema";
import { recordAdminAction } from "../../core/audit-log";
import { invalidInput, type InvalidInput } from "../../core/invalid-input";
import { checkRateLimits } from "../../core/rate-limit";
import type { ServiceDeps } from "../../core/service-deps";
import { checkSpamTraps, type SpamTrapValues } from "../../core/spam-traps";
import { enqueueEmail } from "../../mail";
import { moveDealIn } from "../deals";
import { proposalAcceptedCopyTemplate, proposalAcceptedTemplate } from "../emails/proposal-emails";
import { proposalDeposit, type ProposalDeposit } from "./proposal-deposit";
import { proposalDocument, type ProposalDocument } from "./proposal-document";
import { proposalIdFromToken, proposalUrl } from "./proposal-links";
import { renderProposalPdf } from "./proposal-pdf";
import {
  latestSentVersion,
  lockDeal,
  ownerToday,
  proposalState,
  type ProposalState,
} from "./proposal-versions";

type Deps = Pick<ServiceDeps, "db" | "clock" | "config">;
type Db = Deps["db"];

/** Who moves the deal when a client accepts, in the audit. */
const clientActor = "client (proposal link)";

export type ProposalPage =
  | { state: "invalid" }
  | {
      state: Exclude<ProposalState, "draft">;
      proposal: ProposalDocument;
      /** The date the form starts with: today in the owner's zone. */
      today: string;
      /** An accepted version's deposit: none asked, due, or paid (decision 324). */
      deposit: ProposalDeposit;
    };

/** The version a link names, with its deal, if it was ever sent (a draft has no public face). */
async function sentProposal(db: Db, id: string) {
  return db
    .selectFrom("deal_proposals")
    .innerJoin("deals", "deals.id", "deal_proposals.deal_id")
    .selectAll("deal_proposals")
    .select(["deals.title as deal_title"])
    .where("deal_proposals.id", "=", id)
    .where("deal_proposals.sent_at", "is not", null)
    .executeTakeFirst();
}

async function pageOf(deps: Deps, db: Db, id: string | undefined): Promise<ProposalPage> {
  const found = id ? await sentProposal(db, id) : undefined;
  if (!found) return { state: "invalid" };
  const today = ownerToday(deps);
  const state = proposalState(found, await latestSentVersion(db, found.deal_id), today);
  if (state === "draft") return { state: "invalid" };
  return {
    state,
    proposal: proposalDocument(found, found.deal_title),
    today,
    deposit: proposalDeposit(found, deps.config.BOOKING_TIME_ZONE),
  };
}

/**
 * The client's page for a link: what the proposal says and whether it can still be accepted.
 * Each opening counts as a view (first time and count) for the owner's timeline.
 */
export async function viewProposal(deps: Deps, token: string): Promise<ProposalPage> {
  const page = await pageOf(deps, deps.db, proposalIdFromToken(deps, token));
  if (page.state === "invalid") return page;
  const now = deps.clock.now().toISOString();
  await deps.db
    .updateTable("deal_proposals")
    .set({
      view_count: sql`view_count + 1`,
      first_viewed_at: sql`coalesce(first_viewed_at, ${now})`,
    })
    .where("id", "=", page.proposal.id)
    .execute();
  return page;
}

/** The proposal's PDF for a link (any sent version, so an accepted one stays readable). */
export async function proposalPdfForLink(deps: Deps, token: string) {
  const page = await pageOf(deps, deps.db, proposalIdFromToken(deps, token));
  if (page.state === "invalid") return undefined;
  return {
    pdf: await renderProposalPdf(page.proposal),
    filename: `proposal-v${page.proposal.version}.pdf`,
  };
}

export type AcceptProposalOutcome =
  | InvalidInput
  | { outcome: "accepted" | "discarded" | "invalid" | "rate-limited" }
  | { outcome: "closed"; state: "accepted" | "expired" | "superseded" };

/**
 * The client accepts through their link, once: the version records who, the date they wrote,
 * the time and their address; the deal moves to won; the owner and the client each get an
 * email, all in one transaction with the audit entry `deals.proposal-accepted`.
 */
export async function acceptProposal(
  deps: ServiceDeps,
  {
    token,
    fields,
    traps,
    clientAddress,
  }: {
    token: string;
    fields: Record<string, unknown>;
    traps: SpamTrapValues;
    clientAddress: string;
  },
): Promise<AcceptProposalOutcome> {
  const parsed = proposalAcceptanceSchema.safeParse(fields);
  if (!parsed.success) return invalidInput(parsed.error);
  const limited = await checkRateLimits(deps, {
    bucket: "proposal-accept",
    keys: [`ip:${clientAddress}`],
    limit: deps.config.CONTACT_RATE_LIMIT,
  });
  if (!limited.allowed) return { outcome: "rate-limited" };
  if (checkSpamTraps(deps, "proposal-acceptance", traps) !== "passed")
    return { outcome: "discarded" };
  const id = proposalIdFromToken(deps, token);
  if (!id) return { outcome: "invalid" };
  const acceptance = parsed.data;
  const now = deps.clock.now();
  const outcome = await deps.db
    .transaction()
    .execute(async (trx): Promise<AcceptProposalOutcome> => {
      const dealId = (await sentProposal(trx, id))?.deal_id;
      if (!dealId) return { outcome: "invalid" };
      await lockDeal(trx, dealId);
      const page = await pageOf(deps, trx, id);
      if (page.state === "invalid") return { outcome: "invalid" };
      if (page.state !== "sent") return { outcome: "closed", state: page.state };
      const { proposal } = page;
      const claimed = await trx
        .updateTable("deal_proposals")
        .set({
          accepted_at: now.toISOString(),
          accepted_name: acceptance.name,
          accepted_title: acceptance.title,
          accepted_on: acceptance.acceptedOn,
          accepted_address: clientAddress,
        })
        .where("id", "=", id)
        .where("accepted_at", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return { outcome: "closed", state: "accepted" };
      await recordAdminAction(trx, {
        actor: clientActor,
        action: "deals.proposal-accepted",
        subject: dealId,
        detail: {
          proposal: id,
          version: proposal.version,
          name: acceptance.name,
          title: acceptance.title,
          acceptedOn: acceptance.acceptedOn,
          address: clientAddress,
        },
        now,
      });
      await moveDealIn(trx, { id: dealId, stage: "won", actor: clientActor, now });
      const facts = {
        program: proposal.program,
        version: proposal.version,
        total: centsLabel(proposal.totalCents),
        acceptedBy: `${acceptance.name}, ${acceptance.title}`,
        acceptedOn: acceptance.acceptedOn,
      };
      const sentTo = await trx
        .selectFrom("deal_proposals")
        .select("sent_to")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      await enqueueEmail(
        trx,
        {
          purpose: "deals.proposal-accepted",
          to: deps.config.OWNER_EMAIL,
          from: deps.config.MAIL_FROM,
          ...proposalAcceptedTemplate.compose({
            ...facts,
            link: new URL(`/admin/pipeline/${dealId}`, deps.config.SITE_URL).toString(),
            linkLabel: "Open the deal",
          }),
        },
        { now },
      );
      await enqueueEmail(
        trx,
        {
          purpose: "deals.proposal-accepted-copy",
          to: sentTo.sent_to!,
          from: deps.config.MAIL_FROM,
          replyTo: deps.config.CONTACT_EMAIL,
          ...proposalAcceptedCopyTemplate.compose({ ...facts, link: proposalUrl(deps, id) }),
        },
        { now },
      );
      return { outcome: "accepted" };
    });
  if (outcome.outcome === "accepted") deps.outbox.wake();
  return outcome;
}
