import { siteConfig } from "~/lib/site";
import type { ProposalDocument } from "~/lib/proposal-schema";
import type { DealProposalTable, ProposalPriceLine } from "../proposal-tables";

export type { ProposalDocument };

export function proposalDocument(row: DealProposalTable, dealTitle: string): ProposalDocument {
  return {
    id: row.id,
    version: row.version,
    dealTitle,
    from: siteConfig.brand,
    program: row.program,
    teamSize: row.team_size,
    dates:
      row.ends_on && row.ends_on !== row.starts_on
        ? `${row.starts_on} to ${row.ends_on}`
        : row.starts_on,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    lines: JSON.parse(row.price_lines) as ProposalPriceLine[],
    totalCents: row.total_cents,
    terms: row.terms,
    validUntil: row.valid_until,
    depositCents: row.deposit_cents,
    accepted:
      row.accepted_at && row.accepted_name && row.accepted_title && row.accepted_on
        ? {
            name: row.accepted_name,
            title: row.accepted_title,
            on: row.accepted_on,
            at: row.accepted_at,
          }
        : null,
  };
}
