import type { Kysely } from "kysely";
import type { Database } from "../../core/db/schema";
import { proposalDocument } from "./proposal-document";
import { renderProposalPdf } from "./proposal-pdf";

/** Any version's PDF for the owner (drafts too), from the deal page. */
export async function proposalPdfForOwner(db: Kysely<Database>, dealId: string, version: number) {
  const found = await db
    .selectFrom("deal_proposals")
    .innerJoin("deals", "deals.id", "deal_proposals.deal_id")
    .selectAll("deal_proposals")
    .select("deals.title as deal_title")
    .where("deal_proposals.deal_id", "=", dealId)
    .where("deal_proposals.version", "=", version)
    .executeTakeFirst();
  if (!found) return undefined;
  return {
    pdf: await renderProposalPdf(proposalDocument(found, found.deal_title)),
    filename: `proposal-v${found.version}.pdf`,
  };
}
