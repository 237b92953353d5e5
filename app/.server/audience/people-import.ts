import { randomUUID } from "node:crypto";
import { recordAdminAction } from "../core/audit-log";
import type { Clock } from "../core/clock";
import type { Db } from "../core/db/database";
import type { ListMembershipTable, PersonTable } from "../core/db/audience-tables";
import { emailKey } from "../core/email-key";
import { decodeUpload } from "./import-csv";
import {
  parseImportFile,
  type DuplicateRow,
  type ImportedStatus,
  type ImportRow,
  type ListImport,
  type ParsedImport,
} from "./import-file";
import { listNames, type ListName, type MembershipStatus } from "~/lib/lists";

type ImportDeps = { db: Db; clock: Clock };

/** Staged uploads older than this are dropped when another is staged. */
const stagedLifetimeMs = 24 * 3_600_000;
const batchSize = 500;

/**
 * Keeps an uploaded file until the owner has seen its preview and said go (or not). A file that
 * cannot be read (empty, only a header, binary, no email column) is refused with a sentence for
 * the import page, and nothing is staged.
 */
export async function stageImport(
  { db, clock }: ImportDeps,
  { actor, fileName, bytes }: { actor: string; fileName: string; bytes: Uint8Array },
): Promise<{ id: string } | { error: string }> {
  const csv = decodeUpload(bytes);
  if (typeof csv !== "string") return csv;
  const parsed = parseImportFile(csv);
  if ("error" in parsed) return parsed;
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
  return { id };
}

export async function discardImport({ db }: ImportDeps, id: string) {
  await db.deleteFrom("people_imports").where("id", "=", id).execute();
}

type KnownMembership = { id: string; status: MembershipStatus; interests: string };

type Existing = {
  personId: string;
  bouncedAt: string | null;
  lists: Partial<Record<ListName, KnownMembership>>;
};

/**
 * The people the file's addresses already name, with their memberships: two keyed look-ups per
 * 500 addresses (a join let Postgres walk every membership for each batch).
 */
async function existingPeople(db: Db, rows: ImportRow[]) {
  const found = new Map<string, Existing>();
  for (let start = 0; start < rows.length; start += batchSize) {
    const keys = rows.slice(start, start + batchSize).map((row) => emailKey(row.email));
    const people = await db
      .selectFrom("people")
      .select(["id", "email_key", "bounced_at"])
      .where("email_key", "in", keys)
      .execute();
    if (people.length === 0) continue;
    const memberships = await db
      .selectFrom("list_memberships")
      .select(["id", "person_id", "list", "status", "interests"])
      .where(
        "person_id",
        "in",
        people.map((person) => person.id),
      )
      .execute();
    const byPerson = new Map<string, Existing>();
    for (const person of people) {
      const existing = { personId: person.id, bouncedAt: person.bounced_at, lists: {} };
      byPerson.set(person.id, existing);
      found.set(person.email_key, existing);
    }
    for (const { person_id, list, ...membership } of memberships) {
      byPerson.get(person_id)!.lists[list] = membership;
    }
  }
  return found;
}

/** What importing a row does to one of the person's memberships. */
type MembershipChange =
  | { kind: "insert" }
  | { kind: "unsubscribe"; id: string }
  | { kind: "confirm"; id: string; interests: string[] }
  /** Consent in the file, an unsubscribe here: the unsubscribe stands. */
  | { kind: "kept-unsubscribed" }
  | { kind: "none" };

function membershipChange(file: ListImport, known?: KnownMembership): MembershipChange {
  if (!known) return { kind: "insert" };
  if (file.status === "unsubscribed") {
    return known.status === "unsubscribed"
      ? { kind: "none" }
      : { kind: "unsubscribe", id: known.id };
  }
  // A pending signup in the file never changes what the person did here.
  if (file.status === "pending") return { kind: "none" };
  if (known.status === "unsubscribed") return { kind: "kept-unsubscribed" };
  const interests = [...new Set([...(JSON.parse(known.interests) as string[]), ...file.interests])];
  if (known.status === "confirmed" && JSON.stringify(interests) === known.interests) {
    return { kind: "none" };
  }
  return { kind: "confirm", id: known.id, interests };
}

/** How many rows record a status for a list, and the column that said so. */
export type StatusCount = {
  list: ListName | "suppression";
  status: ImportedStatus | "suppressed";
  column: string;
  rows: number;
};

export type ImportCounts = {
  rows: number;
  newPeople: number;
  /** Rows joined to a person already known, or to an earlier row of the file. */
  merged: number;
  /** Confirmed newsletter members after the import (only where the file records consent). */
  confirmed: number;
  /** Rows on no list: the person is kept, and mailed nothing. */
  withoutConsent: number;
  /** Unsubscribed here; the file's consent does not override that. */
  keptUnsubscribed: number;
  refused: number;
};

type Plan = {
  parsed: ParsedImport;
  counts: ImportCounts;
  statuses: StatusCount[];
  changes: {
    row: ImportRow;
    existing?: Existing;
    lists: { list: ListName; file: ListImport; change: MembershipChange }[];
  }[];
};

function countStatuses(rows: ImportRow[]): StatusCount[] {
  const counts = new Map<string, StatusCount>();
  const add = (list: StatusCount["list"], status: StatusCount["status"], column: string) => {
    const key = `${list}|${status}|${column}`;
    const count = counts.get(key) ?? { list, status, column, rows: 0 };
    count.rows += 1;
    counts.set(key, count);
  };
  for (const row of rows) {
    for (const list of listNames) {
      const membership = row.lists[list];
      if (membership) add(list, membership.status, membership.statusColumn);
    }
    if (row.suppression) add("suppression", "suppressed", row.suppression.column);
  }
  return [...counts.values()].sort(
    (a, b) => a.list.localeCompare(b.list) || a.status.localeCompare(b.status),
  );
}

async function planImport(db: Db, csv: string): Promise<Plan | { error: string }> {
  const parsed = parseImportFile(csv);
  if ("error" in parsed) return parsed;
  const existing = await existingPeople(db, parsed.rows);
  const changes = parsed.rows.map((row) => {
    const known = existing.get(emailKey(row.email));
    return {
      row,
      existing: known,
      lists: listNames.flatMap((list) => {
        const file = row.lists[list];
        return file ? [{ list, file, change: membershipChange(file, known?.lists[list]) }] : [];
      }),
    };
  });
  const newsletterOutcome = changes.map(({ existing, lists }) => ({
    known: existing?.lists.newsletter,
    planned: lists.find(({ list }) => list === "newsletter"),
  }));
  const counts: ImportCounts = {
    rows: parsed.totalRows,
    newPeople: changes.filter(({ existing }) => !existing).length,
    merged: changes.filter(({ existing }) => existing).length + parsed.duplicates.length,
    confirmed: newsletterOutcome.filter(
      ({ known, planned }) =>
        planned?.file.status === "confirmed" &&
        (planned.change.kind === "insert" ||
          planned.change.kind === "confirm" ||
          (planned.change.kind === "none" && known?.status === "confirmed")),
    ).length,
    withoutConsent: changes.filter(({ lists }) => lists.length === 0).length,
    keptUnsubscribed: changes.filter(({ lists }) =>
      lists.some(({ change }) => change.kind === "kept-unsubscribed"),
    ).length,
    refused: parsed.refused.length,
  };
  return { parsed, counts, statuses: countStatuses(parsed.rows), changes };
}

export type ImportPreview =
  | { id: string; fileName: string; error: string }
  | {
      id: string;
      fileName: string;
      mapping: ParsedImport["mapping"];
      separator: string;
      counts: ImportCounts;
      statuses: StatusCount[];
      duplicates: DuplicateRow[];
      refused: ParsedImport["refused"];
      unknownTags: string[];
    };

/** The preview of a staged import: its mapping, counts and refused rows; nothing is written. */
export async function previewImport(db: Db, id: string): Promise<ImportPreview | undefined> {
  const staged = await db
    .selectFrom("people_imports")
    .select(["id", "file_name", "csv", "created_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!staged) return undefined;
  const plan = await planImport(db, staged.csv);
  if ("error" in plan) return { id, fileName: staged.file_name, error: plan.error };
  const { parsed, counts, statuses } = plan;
  return {
    id,
    fileName: staged.file_name,
    mapping: parsed.mapping,
    separator: parsed.separator,
    counts,
    statuses,
    duplicates: parsed.duplicates,
    refused: parsed.refused,
    unknownTags: parsed.unknownTags,
  };
}

function consentWording(fileName: string, file: ListImport) {
  const when = file.consentedAt ? ` given ${file.consentedAt}` : "";
  if (file.status === "confirmed")
    return `Imported from ${fileName}: the file records consent${when}.`;
  if (file.status === "pending") {
    return `Imported from ${fileName}: the file records a signup${when} not yet confirmed.`;
  }
  return `Imported from ${fileName}: the file records an opt-out.`;
}

function newMembership(
  personId: string,
  list: ListName,
  file: ListImport,
  fileName: string,
  nowIso: string,
): ListMembershipTable {
  const consentedAt = file.consentedAt ?? file.confirmedAt ?? nowIso;
  return {
    id: randomUUID(),
    person_id: personId,
    list,
    status: file.status,
    interests: JSON.stringify(file.interests),
    source: file.source ?? "import",
    consent_text: file.consentText ?? consentWording(fileName, file),
    consented_at: consentedAt,
    confirmation_sent_at: null,
    confirmed_at: file.confirmedAt ?? (file.status === "confirmed" ? consentedAt : null),
    unsubscribed_at: file.unsubscribedAt ?? (file.status === "unsubscribed" ? nowIso : null),
    notified_at: file.notifiedAt,
    created_at: nowIso,
    updated_at: nowIso,
  };
}

function newPerson(personId: string, row: ImportRow, nowIso: string): PersonTable {
  const consented = Object.values(row.lists)
    .map((membership) => membership.consentedAt)
    .filter((at): at is string => at !== null)
    .sort();
  return {
    id: personId,
    email: row.email,
    email_key: emailKey(row.email),
    first_name: row.firstName,
    last_name: row.lastName,
    source: row.source ?? "import",
    first_seen_at: row.firstSeenAt ?? consented[0] ?? nowIso,
    last_seen_at: row.lastSeenAt ?? nowIso,
    bounced_at: row.suppression ? (row.suppression.at ?? nowIso) : null,
    bounce_reason: row.suppression?.reason ?? null,
  };
}

/**
 * Imports a staged file in one transaction: new people with what the file records about them,
 * memberships confirmed only where the file records consent, every opt-out kept and a local
 * unsubscribe never overridden; a cleaned, bounced or complaining address is suppressed. Recorded
 * in the audit log with its counts; the staged file goes.
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
    for (const { row, existing, lists } of plan.changes) {
      const personId = existing?.personId ?? randomUUID();
      if (!existing) people.push(newPerson(personId, row, nowIso));
      else if (row.suppression && !existing.bouncedAt) {
        await trx
          .updateTable("people")
          .set({ bounced_at: row.suppression.at ?? nowIso, bounce_reason: row.suppression.reason })
          .where("id", "=", personId)
          .execute();
      }
      for (const { list, file, change } of lists) {
        if (change.kind === "insert") {
          inserts.push(newMembership(personId, list, file, staged.file_name, nowIso));
        } else if (change.kind === "confirm") {
          const consentedAt = file.consentedAt ?? nowIso;
          await trx
            .updateTable("list_memberships")
            .set({
              status: "confirmed",
              interests: JSON.stringify(change.interests),
              consent_text: file.consentText ?? consentWording(staged.file_name, file),
              consented_at: consentedAt,
              confirmed_at: file.confirmedAt ?? consentedAt,
              updated_at: nowIso,
            })
            .where("id", "=", change.id)
            .execute();
        } else if (change.kind === "unsubscribe") {
          await trx
            .updateTable("list_memberships")
            .set({
              status: "unsubscribed",
              unsubscribed_at: file.unsubscribedAt ?? nowIso,
              updated_at: nowIso,
            })
            .where("id", "=", change.id)
            .execute();
        }
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
