import { randomUUID } from "node:crypto";
import { recordAdminAction } from "../core/audit-log";
import type { Clock } from "../core/clock";
import type { Db } from "../core/db/database";
import type { ListMembershipTable, PersonTable } from "../core/db/audience-tables";
import { emailKey } from "../core/email-key";
import { parseImportFile, type ImportRow, type ParsedImport } from "./import-file";
import type { MembershipStatus } from "~/lib/lists";

type ImportDeps = { db: Db; clock: Clock };

/** Staged uploads older than this are dropped when another is staged. */
const stagedLifetimeMs = 24 * 3_600_000;
const batchSize = 500;

/** Keeps an uploaded file until the owner has seen its preview and said go (or not). */
export async function stageImport(
  { db, clock }: ImportDeps,
  { actor, fileName, csv }: { actor: string; fileName: string; csv: string },
) {
  const now = clock.now();
  const id = randomUUID();
  await db
    .deleteFrom("people_imports")
    .where("created_at", "<", new Date(now.getTime() - stagedLifetimeMs).toISOString())
    .execute();
  await db
    .insertInto("people_imports")
    .values({
      id,
      actor_email: actor,
      file_name: fileName.slice(0, 200),
      csv,
      created_at: now.toISOString(),
    })
    .execute();
  return id;
}

export async function discardImport({ db }: ImportDeps, id: string) {
  await db.deleteFrom("people_imports").where("id", "=", id).execute();
}

type Existing = {
  personId: string;
  newsletter?: { id: string; status: MembershipStatus; interests: string };
};

/**
 * The people the file's addresses already name, with their newsletter membership: two keyed
 * look-ups per 500 addresses (a join let Postgres walk every membership for each batch).
 */
async function existingPeople(db: Db, rows: ImportRow[]) {
  const found = new Map<string, Existing>();
  for (let start = 0; start < rows.length; start += batchSize) {
    const keys = rows.slice(start, start + batchSize).map((row) => emailKey(row.email));
    const people = await db
      .selectFrom("people")
      .select(["id", "email_key"])
      .where("email_key", "in", keys)
      .execute();
    if (people.length === 0) continue;
    const memberships = await db
      .selectFrom("list_memberships")
      .select(["id", "person_id", "status", "interests"])
      .where(
        "person_id",
        "in",
        people.map((person) => person.id),
      )
      .where("list", "=", "newsletter")
      .execute();
    const byPerson = new Map(memberships.map((membership) => [membership.person_id, membership]));
    for (const person of people) {
      const membership = byPerson.get(person.id);
      found.set(person.email_key, {
        personId: person.id,
        newsletter: membership && {
          id: membership.id,
          status: membership.status,
          interests: membership.interests,
        },
      });
    }
  }
  return found;
}

/** What importing a row does to the person's newsletter membership. */
type MembershipChange =
  | { kind: "insert"; status: "confirmed" | "unsubscribed" }
  | { kind: "update"; id: string; status: "confirmed" | "unsubscribed"; interests: string }
  | { kind: "none" };

function membershipChange(row: ImportRow, existing?: Existing["newsletter"]): MembershipChange {
  if (row.consent === "none") return { kind: "none" };
  if (!existing) return { kind: "insert", status: row.consent };
  if (row.consent === "unsubscribed") {
    return existing.status === "unsubscribed"
      ? { kind: "none" }
      : { kind: "update", id: existing.id, status: "unsubscribed", interests: existing.interests };
  }
  // Someone who unsubscribed here stays unsubscribed, whatever an older list says.
  if (existing.status === "unsubscribed") return { kind: "none" };
  const interests = JSON.stringify([
    ...new Set([...(JSON.parse(existing.interests) as string[]), ...row.interests]),
  ]);
  if (existing.status === "confirmed" && interests === existing.interests) return { kind: "none" };
  return { kind: "update", id: existing.id, status: "confirmed", interests };
}

export type ImportCounts = {
  rows: number;
  newPeople: number;
  /** Rows joined to a person already known, or to an earlier row of the file. */
  merged: number;
  /** Confirmed newsletter members after the import (only where the file records consent). */
  confirmed: number;
  unsubscribed: number;
  /** Rows without consent: the person is kept, on no list. */
  withoutConsent: number;
  /** Unsubscribed here; the file's consent does not override that. */
  keptUnsubscribed: number;
  refused: number;
};

type Plan = {
  parsed: ParsedImport;
  counts: ImportCounts;
  changes: { row: ImportRow; existing?: Existing; change: MembershipChange }[];
};

async function planImport(db: Db, csv: string): Promise<Plan | { error: string }> {
  const parsed = parseImportFile(csv);
  if ("error" in parsed) return parsed;
  const existing = await existingPeople(db, parsed.rows);
  const changes = parsed.rows.map((row) => {
    const known = existing.get(emailKey(row.email));
    return { row, existing: known, change: membershipChange(row, known?.newsletter) };
  });
  const counts: ImportCounts = {
    rows: parsed.totalRows,
    newPeople: changes.filter(({ existing }) => !existing).length,
    merged: changes.filter(({ existing }) => existing).length + parsed.duplicates,
    confirmed: changes.filter(
      ({ row, existing, change }) =>
        row.consent === "confirmed" &&
        (change.kind !== "none" || existing?.newsletter?.status === "confirmed"),
    ).length,
    unsubscribed: changes.filter(({ row }) => row.consent === "unsubscribed").length,
    withoutConsent: changes.filter(({ row }) => row.consent === "none").length,
    keptUnsubscribed: changes.filter(
      ({ row, existing }) =>
        row.consent === "confirmed" && existing?.newsletter?.status === "unsubscribed",
    ).length,
    refused: parsed.refused.length,
  };
  return { parsed, counts, changes };
}

/** The preview of a staged import: its mapping, counts and refused rows; nothing is written. */
export async function previewImport(db: Db, id: string) {
  const staged = await db
    .selectFrom("people_imports")
    .select(["id", "file_name", "csv", "created_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!staged) return undefined;
  const plan = await planImport(db, staged.csv);
  if ("error" in plan) return { id, fileName: staged.file_name, error: plan.error };
  const { parsed, counts } = plan;
  return {
    id,
    fileName: staged.file_name,
    mapping: parsed.mapping,
    counts,
    refused: parsed.refused,
    unknownTags: parsed.unknownTags,
  };
}

function consentWording(fileName: string, consentedAt: string | null) {
  return `Imported from ${fileName}: the file records consent${consentedAt ? ` given ${consentedAt}` : ""}.`;
}

/**
 * Imports a staged file in one transaction: new people, and newsletter memberships confirmed only
 * where the file records consent. Recorded in the audit log with its counts; the staged file goes.
 */
export async function applyImport(
  { db, clock }: ImportDeps,
  { id, actor }: { id: string; actor: string },
): Promise<{ counts: ImportCounts } | { error: string }> {
  const now = clock.now();
  const nowIso = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const staged = await trx
      .selectFrom("people_imports")
      .select(["file_name", "csv"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!staged) return { error: "This import was already done or discarded." };
    const plan = await planImport(trx, staged.csv);
    if ("error" in plan) return plan;
    const people: PersonTable[] = [];
    const inserts: ListMembershipTable[] = [];
    for (const { row, existing, change } of plan.changes) {
      const personId = existing?.personId ?? randomUUID();
      if (!existing) {
        people.push({
          id: personId,
          email: row.email,
          email_key: emailKey(row.email),
          first_name: row.firstName,
          last_name: row.lastName,
          source: "import",
          first_seen_at: row.consentedAt ?? nowIso,
          last_seen_at: nowIso,
          bounced_at: null,
          bounce_reason: null,
        });
      }
      const consentedAt = row.consentedAt ?? nowIso;
      if (change.kind === "insert") {
        inserts.push({
          id: randomUUID(),
          person_id: personId,
          list: "newsletter",
          status: change.status,
          interests: JSON.stringify(row.interests),
          source: "import",
          consent_text: consentWording(staged.file_name, row.consentedAt),
          consented_at: consentedAt,
          confirmation_sent_at: null,
          confirmed_at: change.status === "confirmed" ? consentedAt : null,
          unsubscribed_at: change.status === "unsubscribed" ? nowIso : null,
          notified_at: null,
          created_at: nowIso,
          updated_at: nowIso,
        });
      } else if (change.kind === "update") {
        await trx
          .updateTable("list_memberships")
          .set(
            change.status === "confirmed"
              ? {
                  status: "confirmed",
                  interests: change.interests,
                  consent_text: consentWording(staged.file_name, row.consentedAt),
                  consented_at: consentedAt,
                  confirmed_at: consentedAt,
                  updated_at: nowIso,
                }
              : { status: "unsubscribed", unsubscribed_at: nowIso, updated_at: nowIso },
          )
          .where("id", "=", change.id)
          .execute();
      }
    }
    for (let start = 0; start < people.length; start += batchSize) {
      await trx
        .insertInto("people")
        .values(people.slice(start, start + batchSize))
        .execute();
    }
    for (let start = 0; start < inserts.length; start += batchSize) {
      await trx
        .insertInto("list_memberships")
        .values(inserts.slice(start, start + batchSize))
        .execute();
    }
    await trx.deleteFrom("people_imports").where("id", "=", id).execute();
    await recordAdminAction(trx, {
      actor,
      action: "people.import",
      subject: id,
      detail: plan.counts,
      now,
    });
    return { counts: plan.counts };
  });
}
