import { randomUUID } from "node:crypto";
import { type Kysely, PostgresAdapter, sql } from "kysely";
import {
  proposalFormSchema,
  proposalPriceLineSlots,
  type ProposalState,
  type ProposalSummary,
} from "~/lib/proposal-schema";
import { recordAdminAction } from "../../core/audit-log";
import type { Database } from "../../core/db/schema";
import { invalidInput, type InvalidInput } from "../../core/invalid-input";
import type { ServiceDeps } from "../../core/service-deps";
import { localDateOf } from "../../core/zoned-time";
import type { DealProposalTable, ProposalPriceLine } from "../proposal-tables";

type Db = Kysely<Database>;

/** Holds the deal's row to the transaction's end on PostgreSQL (SQLite writes one at a time). */
export async function lockDeal(trx: Db, dealId: string) {
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select id from deals where id = ${dealId} for update`.execute(trx);
}

/** Today in the owner's zone: a proposal is valid through its last day there. */
export const ownerToday = ({ clock, config }: Pick<ServiceDeps, "clock" | "config">) =>
  localDateOf(clock.now().getTime(), config.BOOKING_TIME_ZONE);

const rawForm = (fields: URLSearchParams) => {
  const labels = fields.getAll("lineLabel");
  const amounts = fields.getAll("lineAmount");
  return {
    program: fields.get("program") ?? "",
    teamSize: fields.get("teamSize") ?? "",
    startsOn: fields.get("startsOn") ?? "",
    endsOn: fields.get("endsOn") ?? "",
    lines: Array.from({ length: Math.max(labels.length, amounts.length) }, (_, index) => ({
      label: labels[index] ?? "",
      amount: amounts[index] ?? "",
    })),
    terms: fields.get("terms") ?? "",
    validUntil: fields.get("validUntil") ?? "",
    deposit: fields.get("deposit") ?? "",
  };
};

export type SaveProposalOutcome =
  InvalidInput | { outcome: "saved"; id: string; version: number } | { outcome: "not-found" };

/** The template saved as the deal's next version; earlier versions stay as they were. */
export async function saveProposal(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { dealId, fields, actor }: { dealId: string; fields: URLSearchParams; actor: string },
): Promise<SaveProposalOutcome> {
  const parsed = proposalFormSchema.safeParse(rawForm(fields));
  if (!parsed.success) return invalidInput(parsed.error);
  const form = parsed.data;
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx): Promise<SaveProposalOutcome> => {
    await lockDeal(trx, dealId);
    const deal = await trx
      .selectFrom("deals")
      .select("id")
      .where("id", "=", dealId)
      .executeTakeFirst();
    if (!deal) return { outcome: "not-found" };
    const last = await trx
      .selectFrom("deal_proposals")
      .select((eb) => eb.fn.max("version").as("version"))
      .where("deal_id", "=", dealId)
      .executeTakeFirst();
    const version = Number(last?.version ?? 0) + 1;
    const lines: ProposalPriceLine[] = form.lines.map((line) => ({
      label: line.label,
      amountCents: line.amount,
    }));
    const row: DealProposalTable = {
      id: randomUUID(),
      deal_id: dealId,
      version,
      program: form.program,
      team_size: form.teamSize,
      starts_on: form.startsOn,
      ends_on: form.endsOn,
      price_lines: JSON.stringify(lines),
      total_cents: lines.reduce((sum, line) => sum + line.amountCents, 0),
      terms: form.terms,
      valid_until: form.validUntil,
      deposit_cents: form.deposit,
      created_by: actor,
      created_at: now.toISOString(),
      sent_to: null,
      sent_at: null,
      first_viewed_at: null,
      view_count: 0,
      accepted_at: null,
      accepted_name: null,
      accepted_title: null,
      accepted_on: null,
      accepted_address: null,
      deposit_session_id: null,
      deposit_session_opened_at: null,
      deposit_paid_at: null,
      deposit_paid_cents: null,
      deposit_payment_intent_id: null,
      deposit_refunded_cents: null,
      deposit_refunded_at: null,
    };
    await trx.insertInto("deal_proposals").values(row).execute();
    await recordAdminAction(trx, {
      actor,
      action: "deals.proposal-saved",
      subject: dealId,
      detail: { proposal: row.id, version, totalCents: row.total_cents },
      now,
    });
    return { outcome: "saved", id: row.id, version };
  });
}

export type { ProposalState };

/**
 * Where a version stands: accepted wins; a sent one is superseded once a later version is sent,
 * and expired after its last day.
 */
export function proposalState(
  proposal: Pick<DealProposalTable, "version" | "sent_at" | "accepted_at" | "valid_until">,
  latestSentVersion: number,
  today: string,
): ProposalState {
  if (proposal.accepted_at) return "accepted";
  if (proposal.sent_at && proposal.version < latestSentVersion) return "superseded";
  if (proposal.valid_until < today) return "expired";
  return proposal.sent_at ? "sent" : "draft";
}

/** The highest version of the deal that was sent, 0 when none was. */
export async function latestSentVersion(db: Db, dealId: string) {
  const latest = await db
    .selectFrom("deal_proposals")
    .select((eb) => eb.fn.max("version").as("version"))
    .where("deal_id", "=", dealId)
    .where("sent_at", "is not", null)
    .executeTakeFirst();
  return Number(latest?.version ?? 0);
}

/** Every version of a deal's proposal, newest first, with where each stands. */
export async function listProposals(
  deps: Pick<ServiceDeps, "db" | "clock" | "config">,
  dealId: string,
): Promise<ProposalSummary[]> {
  const rows = await deps.db
    .selectFrom("deal_proposals")
    .selectAll()
    .where("deal_id", "=", dealId)
    .orderBy("version", "desc")
    .execute();
  const sent = Math.max(0, ...rows.filter((row) => row.sent_at).map((row) => row.version));
  const today = ownerToday(deps);
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    program: row.program,
    totalCents: row.total_cents,
    depositCents: row.deposit_cents,
    validUntil: row.valid_until,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    sentTo: row.sent_to,
    firstViewedAt: row.first_viewed_at,
    viewCount: row.view_count,
    acceptedAt: row.accepted_at,
    acceptedBy: row.accepted_name ? `${row.accepted_name}, ${row.accepted_title}` : null,
    state: proposalState(row, sent, today),
    depositCheckoutOpenedAt: row.deposit_paid_at ? null : row.deposit_session_opened_at,
    depositPaidAt: row.deposit_paid_at,
    depositPaidCents: row.deposit_paid_cents,
    depositRefundedCents: row.deposit_refunded_cents,
    depositRefundedAt: row.deposit_refunded_at,
  }));
}

/**
 * The template's fields for the next version: the latest version's, or a start from the deal
 * (its interest as the program, its team size) when there is none.
 */
export async function proposalFormValues(
  db: Db,
  deal: { id: string; interest: string; team_size: number | null },
): Promise<Record<string, string | string[]>> {
  const latest = await db
    .selectFrom("deal_proposals")
    .selectAll()
    .where("deal_id", "=", deal.id)
    .orderBy("version", "desc")
    .executeTakeFirst();
  const blankLines = (lines: ProposalPriceLine[]) =>
    Array.from({ length: proposalPriceLineSlots }, (_, index) => lines[index]);
  if (!latest)
    return {
      program: deal.interest,
      teamSize: deal.team_size === null ? "" : String(deal.team_size),
      startsOn: "",
      endsOn: "",
      lineLabel: blankLines([]).map(() => ""),
      lineAmount: blankLines([]).map(() => ""),
      terms: "",
      validUntil: "",
      deposit: "",
    };
  const lines = blankLines(JSON.parse(latest.price_lines) as ProposalPriceLine[]);
  return {
    program: latest.program,
    teamSize: String(latest.team_size),
    startsOn: latest.starts_on,
    endsOn: latest.ends_on ?? "",
    lineLabel: lines.map((line) => line?.label ?? ""),
    lineAmount: lines.map((line) => (line ? (line.amountCents / 100).toFixed(2) : "")),
    terms: latest.terms,
    validUntil: latest.valid_until,
    deposit: latest.deposit_cents === null ? "" : (latest.deposit_cents / 100).toFixed(2),
  };
}
