import { systemClock } from "~/.server/core/clock";
import { parseConfig } from "~/.server/core/config";
import type { Db } from "~/.server/core/db/database";
import { listDeals, registerDealListeners, saveProposal, sendProposal } from "~/.server/deals";
import { recordContactMessage } from "~/.server/leads/contact-messages";
import { builtServerLinkSecret } from "./built-server";

/**
 * The owner's side of a proposal, through the services on a built server's database: a Corporate
 * Training message from Ada Park opens the deal, and version 1 ($25,500, a $12,750 deposit) is
 * sent. The client's page path (signed with the built servers' secret) and the deal's id.
 */
export async function sentProposal(db: Db, { owner }: { owner: string }) {
  const deps = {
    db,
    clock: systemClock,
    config: parseConfig({
      SITE_URL: "http://127.0.0.1",
      NEWSLETTER_LINK_SECRET: builtServerLinkSecret,
    }),
    outbox: { wake() {} },
  };
  // The message opens its deal through the listener the server's wiring registers (once).
  registerDealListeners();
  await recordContactMessage(deps, {
    firstName: "Ada",
    lastName: "Park",
    email: "ada@northwind.example",
    company: "Northwind",
    interest: "Corporate Training",
    message: "A workshop for our sales team, please.",
  });
  const [deal] = await listDeals(db, {});
  const fields = new URLSearchParams({
    program: "Presence-based selling for the Northwind team",
    teamSize: "14",
    startsOn: "2099-02-01",
    endsOn: "",
    terms: "Half on acceptance.",
    validUntil: "2099-01-15",
    deposit: "12,750",
    lineLabel: "Three-day workshop",
    lineAmount: "25,500",
  });
  const saved = await saveProposal(deps, { dealId: deal!.id, fields, actor: owner });
  if (saved.outcome !== "saved") throw new Error(JSON.stringify(saved));
  await sendProposal(deps, { dealId: deal!.id, proposalId: saved.id, actor: owner });
  const email = await db
    .selectFrom("outbox_emails")
    .select("template_data")
    .where("purpose", "=", "deals.proposal-sent")
    .executeTakeFirstOrThrow();
  const url = (JSON.parse(email.template_data!) as { proposalUrl: string }).proposalUrl;
  return { dealId: deal!.id, publicPath: new URL(url).pathname };
}
