import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import {
  dealFormSchema,
  dealMoveSchema,
  dealStages,
  isDealInterest,
  type DealForm,
  type DealStage,
} from "~/lib/deal-schema";
import { contactInterests } from "~/lib/contact-interests";
import { z } from "~/lib/zod";
import { rememberPerson } from "../audience";
import { recordAdminAction } from "../core/audit-log";
import type { Database } from "../core/db/schema";
import { invalidInput, type InvalidInput } from "../core/invalid-input";
import type { PersonEvent } from "../core/person-events";
import type { ServiceDeps } from "../core/service-deps";
import { creditWonDeal, uncreditWonDeal } from "./deal-revenue";
import type { DealTable } from "./deals-tables";

type Db = Kysely<Database>;
type Deps = Pick<ServiceDeps, "db" | "clock">;

/** Who opened a deal that no owner opened: the contact form's message. */
const siteActor = "site (contact form)";

const messageTitle = (message: { first_name: string; last_name: string; company: string | null }) =>
  `${message.first_name} ${message.last_name}${message.company ? ` (${message.company})` : ""}`;

/** A new deal's row from the form's columns. */
function newDeal(
  now: Date,
  columns: Omit<
    DealTable,
    "id" | "stage" | "lost_reason" | "stage_changed_at" | "created_at" | "updated_at"
  >,
): DealTable {
  const at = now.toISOString();
  return {
    id: randomUUID(),
    stage: "new",
    lost_reason: null,
    stage_changed_at: at,
    created_at: at,
    updated_at: at,
    ...columns,
  };
}

/** Opens the deal of a stored message, in the caller's transaction; none if it has one. */
async function openForMessage(trx: Db, messageId: string, actor: string, now: Date) {
  const message = await trx
    .selectFrom("contact_messages")
    .select(["id", "first_name", "last_name", "company", "interest", "person_id"])
    .where("id", "=", messageId)
    .executeTakeFirst();
  if (!message) return undefined;
  const existing = await trx
    .selectFrom("deals")
    .select("id")
    .where("contact_message_id", "=", messageId)
    .executeTakeFirst();
  if (existing) return { id: existing.id, opened: false };
  const deal = newDeal(now, {
    title: messageTitle(message),
    interest: message.interest,
    value_cents: null,
    team_size: null,
    expected_close_on: null,
    next_step: null,
    next_step_due_on: null,
    person_id: message.person_id,
    contact_message_id: message.id,
  });
  await trx.insertInto("deals").values(deal).execute();
  await recordAdminAction(trx, {
    actor,
    action: "deals.opened",
    subject: deal.id,
    detail: { interest: deal.interest, message: messageId },
    now,
  });
  return { id: deal.id, opened: true };
}

/**
 * A contact message about quoted work (Corporate Training, Keynote Speaking, Private Consulting)
 * opens a deal in the transaction that stores the message (`core/person-events.ts`).
 */
export async function openDealOnMessage(trx: Db, event: PersonEvent) {
  if (event.kind !== "contact-message" || !isDealInterest(event.interest)) return;
  await openForMessage(trx, event.messageId, siteActor, event.now);
}

export type OpenFromMessageOutcome =
  { outcome: "opened" | "exists"; id: string } | { outcome: "not-found" };

/** "Open a deal" on any inbox message; the one it already has when it has one. */
export async function openDealFromMessage(
  deps: Deps,
  { messageId, actor }: { messageId: string; actor: string },
): Promise<OpenFromMessageOutcome> {
  const now = deps.clock.now();
  const opened = await deps.db
    .transaction()
    .execute((trx) => openForMessage(trx, messageId, actor, now));
  if (!opened) return { outcome: "not-found" };
  return { outcome: opened.opened ? "opened" : "exists", id: opened.id };
}

const formFields = [
  "title",
  "interest",
  "value",
  "teamSize",
  "expectedCloseOn",
  "nextStep",
  "nextStepDueOn",
] as const;

const rawForm = (fields: URLSearchParams) =>
  Object.fromEntries(formFields.map((name) => [name, fields.get(name) ?? ""]));

const columnsOf = (form: DealForm) => ({
  title: form.title,
  interest: form.interest,
  value_cents: form.value,
  team_size: form.teamSize,
  expected_close_on: form.expectedCloseOn,
  next_step: form.nextStep,
  next_step_due_on: form.nextStepDueOn,
});

const contactEmail = z
  .string()
  .trim()
  .max(254, "Contact email must be at most 254 characters")
  .pipe(z.union([z.literal(""), z.email("Contact email must be an email address")]));

export type SaveDealOutcome =
  InvalidInput | { outcome: "saved"; id: string } | { outcome: "not-found" };

/** A deal the owner opens by hand, linked to the person of the contact email when one is given. */
export async function openDealByHand(
  deps: Deps,
  { fields, actor }: { fields: URLSearchParams; actor: string },
): Promise<SaveDealOutcome> {
  const parsed = dealFormSchema.safeParse(rawForm(fields));
  if (!parsed.success) return invalidInput(parsed.error);
  const email = contactEmail.safeParse(fields.get("email") ?? "");
  if (!email.success) return invalidInput(email.error);
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const personId = email.data
      ? await rememberPerson(trx, { email: email.data, source: "/admin/pipeline", now })
      : null;
    const deal = newDeal(now, {
      ...columnsOf(parsed.data),
      person_id: personId,
      contact_message_id: null,
    });
    await trx.insertInto("deals").values(deal).execute();
    await recordAdminAction(trx, {
      actor,
      action: "deals.opened",
      subject: deal.id,
      detail: { interest: deal.interest, valueCents: deal.value_cents },
      now,
    });
    return { outcome: "saved", id: deal.id };
  });
}

/** The deal's details as the owner edits them; its stage moves with `moveDeal`. */
export async function saveDeal(
  deps: Deps,
  { id, fields, actor }: { id: string; fields: URLSearchParams; actor: string },
): Promise<SaveDealOutcome> {
  const parsed = dealFormSchema.safeParse(rawForm(fields));
  if (!parsed.success) return invalidInput(parsed.error);
  const now = deps.clock.now();
  const columns = columnsOf(parsed.data);
  return deps.db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable("deals")
      .set({ ...columns, updated_at: now.toISOString() })
      .where("id", "=", id)
      .returning([
        "id",
        "stage",
        "stage_changed_at",
        "person_id",
        "contact_message_id",
        "value_cents",
      ])
      .executeTakeFirst();
    if (!changed) return { outcome: "not-found" };
    // A won deal's new value is its revenue now.
    if (changed.stage === "won")
      await creditWonDeal(trx, changed, new Date(changed.stage_changed_at));
    await recordAdminAction(trx, {
      actor,
      action: "deals.changed",
      subject: id,
      detail: {
        valueCents: columns.value_cents,
        teamSize: columns.team_size,
        expectedCloseOn: columns.expected_close_on,
        nextStepDueOn: columns.next_step_due_on,
      },
      now,
    });
    return { outcome: "saved", id };
  });
}

export type MoveDealOutcome =
  | InvalidInput
  | { outcome: "moved" | "unchanged"; id: string; stage: DealStage }
  | { outcome: "not-found" };

/**
 * Moves a deal to a stage (a lost one with its reason), audited with the stage it left and kept
 * on its timeline; into won its value counts as revenue by source, out of won it no longer does.
 */
export async function moveDeal(
  deps: Deps,
  { id, fields, actor }: { id: string; fields: URLSearchParams; actor: string },
): Promise<MoveDealOutcome> {
  const parsed = dealMoveSchema.safeParse({
    stage: fields.get("stage") ?? "",
    lostReason: fields.get("lostReason") ?? "",
  });
  if (!parsed.success) return invalidInput(parsed.error);
  const { stage, lostReason } = parsed.data;
  const now = deps.clock.now();
  return deps.db
    .transaction()
    .execute((trx) => moveDealIn(trx, { id, stage, lostReason, actor, now }));
}

/**
 * A stage move in the caller's transaction, audited with the stage it left and kept on the
 * timeline: the board's, and a proposal's sending and acceptance (`proposals/`).
 */
export async function moveDealIn(
  trx: Db,
  {
    id,
    stage,
    lostReason = null,
    actor,
    now,
  }: { id: string; stage: DealStage; lostReason?: string | null; actor: string; now: Date },
): Promise<MoveDealOutcome> {
  const before = await trx
    .selectFrom("deals")
    .select(["id", "stage", "lost_reason", "person_id", "contact_message_id", "value_cents"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!before) return { outcome: "not-found" };
  const reason = stage === "lost" ? lostReason : null;
  if (before.stage === stage && before.lost_reason === reason)
    return { outcome: "unchanged", id, stage };
  await trx
    .updateTable("deals")
    .set({
      stage,
      lost_reason: reason,
      stage_changed_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .where("id", "=", id)
    .execute();
  await trx
    .insertInto("deal_stage_changes")
    .values({
      id: randomUUID(),
      deal_id: id,
      from_stage: before.stage,
      to_stage: stage,
      lost_reason: reason,
      actor,
      changed_at: now.toISOString(),
    })
    .execute();
  if (stage === "won") await creditWonDeal(trx, before, now);
  else if (before.stage === "won") await uncreditWonDeal(trx, id);
  await recordAdminAction(trx, {
    actor,
    action: "deals.stage-changed",
    subject: id,
    detail: { from: before.stage, to: stage, ...(reason ? { reason } : {}) },
    now,
  });
  return { outcome: "moved", id, stage };
}

export type DealFilter = {
  stage?: DealStage;
  interest?: (typeof contactInterests)[number];
};

/** The filter in a pipeline URL's query; unknown values filter nothing. */
export function dealFilterFromQuery(query: URLSearchParams): DealFilter {
  const oneOf = <T extends string>(values: readonly T[], value: string | null) =>
    values.find((candidate) => candidate === value);
  return {
    stage: oneOf(dealStages, query.get("stage")),
    interest: oneOf(contactInterests, query.get("interest")),
  };
}

/**
 * The most deals the page draws: per stage column on the whole board, and for one stage when
 * filtered by it (the bench drew 300 deals in 700 ms; the export has them all).
 */
export const columnLimit = 20;
export const boardLimit = 100;

function filteredDeals(db: Db, filter: DealFilter) {
  let query = db
    .selectFrom("deals")
    .leftJoin("people", "people.id", "deals.person_id")
    .select([
      "deals.id",
      "deals.title",
      "deals.interest",
      "deals.stage",
      "deals.lost_reason",
      "deals.value_cents",
      "deals.team_size",
      "deals.expected_close_on",
      "deals.next_step",
      "deals.next_step_due_on",
      "deals.person_id",
      "deals.contact_message_id",
      "deals.created_at",
      "deals.updated_at",
      "people.email as person_email",
    ]);
  if (filter.stage) query = query.where("deals.stage", "=", filter.stage);
  if (filter.interest) query = query.where("deals.interest", "=", filter.interest);
  return query.orderBy("deals.updated_at", "desc").orderBy("deals.id");
}

/**
 * The board's and the list's deals, most recently changed first: the latest `columnLimit` of
 * each stage (one indexed read per stage), or the latest `boardLimit` of the stage filtered by.
 */
export async function listDeals(db: Db, filter: DealFilter) {
  if (filter.stage) return filteredDeals(db, filter).limit(boardLimit).execute();
  const columns = await Promise.all(
    dealStages.map((stage) =>
      filteredDeals(db, { ...filter, stage })
        .limit(columnLimit)
        .execute(),
    ),
  );
  return columns
    .flat()
    .sort((a, b) =>
      a.updated_at !== b.updated_at ? (a.updated_at < b.updated_at ? 1 : -1) : a.id < b.id ? -1 : 1,
    );
}

export type DealRow = Awaited<ReturnType<typeof listDeals>>[number];

export async function loadDeal(db: Db, id: string) {
  const deal = await filteredDeals(db, {}).where("deals.id", "=", id).executeTakeFirst();
  if (!deal) return undefined;
  const message = deal.contact_message_id
    ? await db
        .selectFrom("contact_messages")
        .select(["id", "message", "created_at"])
        .where("id", "=", deal.contact_message_id)
        .executeTakeFirst()
    : undefined;
  return { deal, message };
}

/** A person's deals, for their page. */
export async function dealsOfPerson(db: Db, personId: string) {
  return db
    .selectFrom("deals")
    .select(["id", "title", "interest", "stage", "value_cents", "created_at"])
    .where("person_id", "=", personId)
    .orderBy("created_at", "desc")
    .execute();
}

/** The form's fields as the console shows them back for a deal. */
export function dealFormValues(deal: DealRow | undefined): Record<string, string> {
  if (!deal) return { interest: "Corporate Training" };
  return {
    title: deal.title,
    interest: deal.interest,
    value: deal.value_cents === null ? "" : String(deal.value_cents / 100),
    teamSize: deal.team_size === null ? "" : String(deal.team_size),
    expectedCloseOn: deal.expected_close_on ?? "",
    nextStep: deal.next_step ?? "",
    nextStepDueOn: deal.next_step_due_on ?? "",
  };
}

/** The columns of the pipeline's CSV, in order. */
export const dealExportColumns = [
  "id",
  "title",
  "interest",
  "stage",
  "lost_reason",
  "value_usd",
  "team_size",
  "expected_close_on",
  "next_step",
  "next_step_due_on",
  "email",
  "created_at",
  "updated_at",
] as const;

type DealExportRow = Record<(typeof dealExportColumns)[number], string | number | null>;

/** Every deal the filter matches, in pages, as the owner's spreadsheet wants them. */
export async function* dealsForExport(db: Db, filter: DealFilter): AsyncGenerator<DealExportRow> {
  const pageSize = 1000;
  for (let offset = 0; ; offset += pageSize) {
    const rows = await filteredDeals(db, filter).limit(pageSize).offset(offset).execute();
    for (const row of rows)
      yield {
        id: row.id,
        title: row.title,
        interest: row.interest,
        stage: row.stage,
        lost_reason: row.lost_reason,
        value_usd: row.value_cents === null ? null : (row.value_cents / 100).toFixed(2),
        team_size: row.team_size,
        expected_close_on: row.expected_close_on,
        next_step: row.next_step,
        next_step_due_on: row.next_step_due_on,
        email: row.person_email,
        created_at: row.created_at,
        updated_at: row.updated_at,
      };
    if (rows.length < pageSize) return;
  }
}
