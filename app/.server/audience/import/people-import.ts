import { randomUUID } from "node:crypto";
import { recordAdminAction } from "../../core/audit-log";
import type { Clock } from "../../core/clock";
import type { Db } from "../../core/db/database";
import type { ListMembershipTable, PeopleImportTable, PersonTable } from "../audience-tables";
import type { Updateable } from "kysely";
import { jobPace } from "../../core/job-pace";
import { emailKey } from "../../core/email-key";
import { erasedAddresses, type ErasureKeyConfig } from "../erasure/erased-addresses";
import {
  decodeText,
  UploadEncodingCheck,
  UploadLineLengthCheck,
  type UploadEncoding,
} from "./import-csv";
import {
  importFileRefusal,
  listedRows,
  scanImportFile,
  type DuplicateRow,
  type ImportedStatus,
  type ImportRow,
  type ImportScan,
  type ListImport,
} from "./import-file";
import { listNames, type ListName, type MembershipStatus } from "~/lib/lists";

type ImportDeps = { db: Db; clock: Clock; config: ErasureKeyConfig };

/** Staged uploads older than this are dropped when another is staged. */
const stagedLifetimeMs = 24 * 3_600_000;
const batchSize = 500;
/**
 * Rows written per transaction: on SQLite's one connection a transaction holds every request's
 * query until it commits, so it stays short (some 10 ms on a quiet machine).
 */
const rowsPerWrite = 100;
/**
 * The bytes of a staged file per stored chunk: small enough that a chunk and the records parsed
 * from it are young garbage the collector takes at once, rather than megabyte buffers and
 * thousands of records waiting for a full collection (issue 20 point 7).
 */
const chunkBytes = 64 * 1024;

async function dropStaged(db: Db, ids: string[]) {
  if (ids.length === 0) return;
  await dropFile(db, ids);
  await db.deleteFrom("people_imports").where("id", "in", ids).execute();
}

/** Drops a job's file and undo records, keeping its row to say how it ended. */
export async function dropFile(db: Db, ids: string[]) {
  await db.deleteFrom("people_import_chunks").where("import_id", "in", ids).execute();
  await db.deleteFrom("people_import_undo").where("import_id", "in", ids).execute();
}

/**
 * A staged file's text, read a chunk at a time; each call starts again from the top. The event
 * loop gets a turn before each chunk: on SQLite nothing else would give it one.
 */
function stagedText(db: Db, id: string, encoding: UploadEncoding) {
  return () =>
    decodeText(
      (async function* () {
        const pace = jobPace();
        for (let seq = 0; ; seq++) {
          await pace();
          const chunk = await db
            .selectFrom("people_import_chunks")
            .select("data")
            .where("import_id", "=", id)
            .where("seq", "=", seq)
            .executeTakeFirst();
          if (!chunk) return;
          yield chunk.data;
        }
      })(),
      encoding,
    );
}

/**
 * Keeps an uploaded file until the owner has seen its preview and said go (or not): its bytes
 * stream into the database a megabyte at a time as they arrive, so any instance can read it and
 * none holds it whole. A file that cannot be read (empty, only a header, binary, no email column,
 * broken quoting, a row far too long) is refused with a sentence for the import page, and nothing
 * stays staged; neither does an upload that fails on the way (too large). A file that reads is
 * left `previewing`, for the import job (people-import-job.ts) to preview.
 */
export async function stageImport(
  { db, clock }: Pick<ImportDeps, "db" | "clock">,
  {
    actor,
    fileName,
    chunks,
  }: {
    actor: string;
    fileName: string;
    chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
  },
): Promise<{ id: string } | { error: string }> {
  const now = clock.now();
  const id = randomUUID();
  const expired = await db
    .selectFrom("people_imports")
    .select("id")
    .where("created_at", "<", new Date(now.getTime() - stagedLifetimeMs).toISOString())
    // An import half applied is finished or undone by its job, never dropped.
    .where("state", "not in", ["importing", "cancelling"])
    .execute();
  await dropStaged(
    db,
    expired.map((row) => row.id),
  );
  await db
    .insertInto("people_imports")
    .values({
      id,
      actor_email: actor,
      file_name: fileName.slice(0, 200),
      encoding: null,
      created_at: now.toISOString(),
    })
    .execute();
  try {
    const check = new UploadEncodingCheck();
    const lineCheck = new UploadLineLengthCheck();
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let seq = 0;
    const store = async () => {
      const data = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      await db.insertInto("people_import_chunks").values({ import_id: id, seq, data }).execute();
      seq += 1;
    };
    for await (const piece of chunks) {
      const tooLong = lineCheck.push(piece);
      if (tooLong) {
        await dropStaged(db, [id]);
        return tooLong;
      }
      check.push(piece);
      pending.push(Buffer.from(piece));
      pendingBytes += piece.length;
      if (pendingBytes >= chunkBytes) await store();
    }
    if (pendingBytes > 0) await store();
    const encoding = check.finish();
    if (typeof encoding !== "string") {
      await dropStaged(db, [id]);
      return encoding;
    }
    // Read once through, so a file that cannot be imported is said so at once.
    const read = await importFileRefusal(stagedText(db, id, encoding));
    if ("error" in read) {
      await dropStaged(db, [id]);
      return read;
    }
    await db
      .updateTable("people_imports")
      .set({ encoding, state: "previewing", rows_total: read.totalRows })
      .where("id", "=", id)
      .execute();
    return { id };
  } catch (error) {
    await dropStaged(db, [id]);
    throw error;
  }
}

export async function discardImport({ db }: Pick<ImportDeps, "db">, id: string) {
  await dropStaged(db, [id]);
}

/**
 * Drops every staged file whose text holds one of `texts` (any case): an erasure's part. Each
 * staged file is read through once, a chunk at a time. Returns how many were dropped. A file
 * being imported stays until its job ends (minutes): its rows check the erased addresses as they
 * go, and the job drops the file when it ends.
 */
export async function dropStagedImportsMentioning(db: Db, texts: string[]) {
  const staged = await db
    .selectFrom("people_imports")
    .select(["id", "encoding"])
    .where("encoding", "is not", null)
    .where("state", "in", ["previewing", "preview"])
    .execute();
  const wanted = texts.map((text) => text.toLowerCase());
  const longest = Math.max(...wanted.map((text) => text.length));
  const mentioning: string[] = [];
  for (const { id, encoding } of staged) {
    let tail = "";
    for await (const piece of stagedText(db, id, encoding as UploadEncoding)()) {
      const window = tail + piece.toLowerCase();
      if (wanted.some((text) => window.includes(text))) {
        mentioning.push(id);
        break;
      }
      tail = window.slice(-longest);
    }
  }
  await dropStaged(db, mentioning);
  return mentioning.length;
}

/** A membership as it was before the import: what a cancel puts back. */
type MembershipBefore = Pick<
  ListMembershipTable,
  | "id"
  | "status"
  | "interests"
  | "consent_text"
  | "consented_at"
  | "confirmed_at"
  | "unsubscribed_at"
  | "updated_at"
>;
type KnownMembership = MembershipBefore & { status: MembershipStatus };

/** A person as they were before the import: what a cancel puts back. */
type PersonBefore = Pick<
  PersonTable,
  "id" | "first_name" | "last_name" | "first_seen_at" | "bounced_at" | "bounce_reason"
>;

type Existing = {
  personId: string;
  bouncedAt: string | null;
  /** A spam complaint (issue 48): no file brings them back onto a list. */
  complainedAt: string | null;
  firstName: string | null;
  lastName: string | null;
  firstSeenAt: string;
  before: PersonBefore;
  lists: Partial<Record<ListName, KnownMembership>>;
};

/** What undoes one applied batch: rows it added, and rows it changed as they were before. */
export type BatchUndo = {
  rows: number;
  people: string[];
  memberships: string[];
  personBefore: PersonBefore[];
  membershipBefore: MembershipBefore[];
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
      .select([
        "id",
        "email_key",
        "bounced_at",
        "bounce_reason",
        "complained_at",
        "first_name",
        "last_name",
        "first_seen_at",
      ])
      .where("email_key", "in", keys)
      .execute();
    if (people.length === 0) continue;
    const memberships = await db
      .selectFrom("list_memberships")
      .select([
        "id",
        "person_id",
        "list",
        "status",
        "interests",
        "consent_text",
        "consented_at",
        "confirmed_at",
        "unsubscribed_at",
        "updated_at",
      ])
      .where(
        "person_id",
        "in",
        people.map((person) => person.id),
      )
      .execute();
    const byPerson = new Map<string, Existing>();
    for (const person of people) {
      const existing = {
        personId: person.id,
        bouncedAt: person.bounced_at,
        complainedAt: person.complained_at ?? null,
        firstName: person.first_name,
        lastName: person.last_name,
        firstSeenAt: person.first_seen_at,
        before: {
          id: person.id,
          first_name: person.first_name,
          last_name: person.last_name,
          first_seen_at: person.first_seen_at,
          bounced_at: person.bounced_at,
          bounce_reason: person.bounce_reason,
        },
        lists: {},
      };
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
  /** Pending here and consent in the file: confirmed, with the file's consent and interests. */
  | { kind: "confirm"; id: string; interests: string[] }
  /** Confirmed here already: only interests the file adds. */
  | { kind: "add-interests"; id: string; interests: string[] }
  /** Consent in the file, an unsubscribe here: the unsubscribe stands. */
  | { kind: "kept-unsubscribed" }
  | { kind: "none" };

function membershipChange(
  file: ListImport,
  known: KnownMembership | undefined,
  complained: boolean,
): MembershipChange {
  // A complaint took them off every list; a file saying they subscribed does not undo it.
  if (complained && file.status !== "unsubscribed") return { kind: "kept-unsubscribed" };
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
  if (known.status === "confirmed") {
    return interests.length === (JSON.parse(known.interests) as string[]).length
      ? { kind: "none" }
      : { kind: "add-interests", id: known.id, interests };
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

/** What the import changes on people already known, by field: how many people each. */
export type FieldChanges = {
  /** A list joined, confirmed or left. */
  status: number;
  /** A first or last name filled in where none was known. */
  name: number;
  /** Newsletter interests added. */
  interests: number;
  /** First seen moved to an earlier date the file gives. */
  firstSeen: number;
  /** Suppressed (cleaned, bounced, complaining or invalid in the file). */
  suppressed: number;
};

export type ImportCounts = {
  rows: number;
  newPeople: number;
  /** Rows joined to a person already known, or to an earlier row of the file. */
  merged: number;
  /** Known people the import leaves exactly as they are. */
  unchanged: number;
  /** Known people the import changes, field by field. */
  changes: FieldChanges;
  /** Newsletter members the import confirms (new, or pending here), where the file records consent. */
  confirmed: number;
  /** Rows of an erased address: not imported (only the person's own new signup brings them back). */
  erased: number;
  /** Rows on no list: the person is kept, and mailed nothing. */
  withoutConsent: number;
  /** Unsubscribed here; the file's consent does not override that. */
  keptUnsubscribed: number;
  refused: number;
};

/** A row of the file with what importing it does. */
type PlannedRow = {
  row: ImportRow;
  existing?: Existing;
  /** When the address was erased: the row is not imported. */
  erasedAt?: string;
  lists: { list: ListName; file: ListImport; change: MembershipChange }[];
  /** What changes on a known person (empty for a new one, or one left as they are). */
  fields: Set<keyof FieldChanges>;
};

/** A row of an erased address, as the preview lists it. */
export type ErasedRow = { line: number; email: string; erasedAt: string };

function changedFields(
  row: ImportRow,
  existing: Existing,
  lists: PlannedRow["lists"],
): Set<keyof FieldChanges> {
  const fields = new Set<keyof FieldChanges>();
  for (const { list, change } of lists) {
    if (change.kind === "insert" || change.kind === "confirm" || change.kind === "unsubscribe") {
      fields.add("status");
    }
    if (change.kind === "add-interests") fields.add("interests");
    if (change.kind === "confirm") {
      const known = existing.lists[list];
      if (known && change.interests.length > (JSON.parse(known.interests) as string[]).length) {
        fields.add("interests");
      }
    }
  }
  if ((row.firstName && !existing.firstName) || (row.lastName && !existing.lastName)) {
    fields.add("name");
  }
  if (row.firstSeenAt && row.firstSeenAt < existing.firstSeenAt) fields.add("firstSeen");
  if (row.suppression && !existing.bouncedAt) fields.add("suppressed");
  return fields;
}

/** One batch's rows (one per address) against the people already known and the erased. */
async function planBatch(
  db: Db,
  config: ErasureKeyConfig,
  rows: ImportRow[],
): Promise<PlannedRow[]> {
  const existing = await existingPeople(db, rows);
  const erased = await erasedAddresses(
    db,
    config,
    rows.map((row) => row.email),
  );
  return rows.map((row) => {
    const key = emailKey(row.email);
    const known = existing.get(key);
    const erasedAt = erased.get(key);
    if (erasedAt) return { row, existing: known, erasedAt, lists: [], fields: new Set() };
    const lists = listNames.flatMap((list) => {
      const file = row.lists[list];
      return file
        ? [
            {
              list,
              file,
              change: membershipChange(file, known?.lists[list], Boolean(known?.complainedAt)),
            },
          ]
        : [];
    });
    return {
      row,
      existing: known,
      lists,
      fields: known ? changedFields(row, known, lists) : new Set(),
    };
  });
}

const statusKey = ({ list, status, column }: Omit<StatusCount, "rows">) =>
  `${list}|${status}|${column}`;

/** The counts and statuses of a whole file, added up batch by batch. */
class ImportTally {
  counts: ImportCounts = {
    rows: 0,
    newPeople: 0,
    merged: 0,
    unchanged: 0,
    changes: { status: 0, name: 0, interests: 0, firstSeen: 0, suppressed: 0 },
    confirmed: 0,
    erased: 0,
    withoutConsent: 0,
    keptUnsubscribed: 0,
    refused: 0,
  };
  private statusCounts = new Map<string, StatusCount>();
  /** The first `listedRows` rows of erased addresses. */
  erasedRows: ErasedRow[] = [];

  /** A tally kept with an import's last applied batch, to go on from after a restart. */
  static from(json: string | null) {
    const tally = new ImportTally();
    if (json) {
      const kept = JSON.parse(json) as ReturnType<ImportTally["toJSON"]>;
      tally.counts = kept.counts;
      tally.statusCounts = new Map(kept.statuses.map((count) => [statusKey(count), count]));
      tally.erasedRows = kept.erasedRows;
    }
    return tally;
  }

  toJSON() {
    return {
      counts: this.counts,
      statuses: [...this.statusCounts.values()],
      erasedRows: this.erasedRows,
    };
  }

  add(planned: PlannedRow[]) {
    const { counts } = this;
    for (const { row, existing, erasedAt, lists, fields } of planned) {
      if (erasedAt) {
        counts.erased += 1;
        if (this.erasedRows.length < listedRows) {
          this.erasedRows.push({ line: row.line, email: row.email, erasedAt });
        }
        continue;
      }
      if (existing) counts.merged += 1;
      else counts.newPeople += 1;
      if (existing && fields.size === 0) counts.unchanged += 1;
      for (const field of fields) counts.changes[field] += 1;
      if (lists.length === 0) counts.withoutConsent += 1;
      if (lists.some(({ change }) => change.kind === "kept-unsubscribed")) {
        counts.keptUnsubscribed += 1;
      }
      const newsletter = lists.find(({ list }) => list === "newsletter");
      if (
        newsletter?.file.status === "confirmed" &&
        (newsletter.change.kind === "insert" || newsletter.change.kind === "confirm")
      ) {
        counts.confirmed += 1;
      }
      for (const list of listNames) {
        const membership = row.lists[list];
        if (membership) this.countStatus(list, membership.status, membership.statusColumn);
      }
      if (row.suppression) this.countStatus("suppression", "suppressed", row.suppression.column);
    }
  }

  private countStatus(list: StatusCount["list"], status: StatusCount["status"], column: string) {
    const key = statusKey({ list, status, column });
    const count = this.statusCounts.get(key) ?? { list, status, column, rows: 0 };
    count.rows += 1;
    this.statusCounts.set(key, count);
  }

  /** The totals once the whole file was read. */
  finish(scan: ImportScan) {
    this.counts.rows = scan.totalRows;
    this.counts.merged += scan.duplicateCount;
    this.counts.refused = scan.refusedCount;
    const statuses = [...this.statusCounts.values()].sort(
      (a, b) => a.list.localeCompare(b.list) || a.status.localeCompare(b.status),
    );
    return { counts: this.counts, statuses };
  }
}

export type ImportPreview =
  | { id: string; fileName: string; error: string }
  | {
      id: string;
      fileName: string;
      mapping: ImportScan["mapping"];
      separator: string;
      counts: ImportCounts;
      statuses: StatusCount[];
      /** The first few repeated rows; `duplicateCount` says how many in all. */
      duplicates: DuplicateRow[];
      duplicateCount: number;
      /** The first few refused rows; `counts.refused` says how many in all. */
      refused: ImportScan["refused"];
      /** The first few rows of erased addresses; `counts.erased` says how many in all. */
      erased: ErasedRow[];
      unknownTags: string[];
    };

/**
 * Records a slice of a job's work under its claim (people-import-job.ts): throws `JobLost` when
 * another instance holds the job now or its state changed (a cancel), so the slice's transaction
 * rolls back and the job stops.
 */
export type Checkpoint = (db: Db, progress: Updateable<PeopleImportTable>) => Promise<void>;

export class JobLost extends Error {}

/**
 * Computes a staged file's preview (its mapping, counts and refused rows) and stores it: nothing
 * else is written, and the page reads the stored preview from then on. Batch by batch, each with
 * a turn of the event loop and its progress recorded; started again from the top after a restart.
 */
export async function buildPreview(
  { db, config }: { db: Db; config: ErasureKeyConfig },
  id: string,
  checkpoint: Checkpoint,
) {
  const staged = await db
    .selectFrom("people_imports")
    .select(["file_name", "encoding"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const tally = new ImportTally();
  let rowsRead = 0;
  const pace = jobPace();
  const scan = await scanImportFile(
    stagedText(db, id, staged.encoding as UploadEncoding),
    async (rows) => {
      await pace();
      tally.add(await planBatch(db, config, rows));
      // Rows come in file order, those of repeated addresses last.
      rowsRead = Math.max(rowsRead, ...rows.map((row) => row.line - 1));
      await checkpoint(db, { rows_done: rowsRead });
    },
  );
  const preview: ImportPreview =
    "error" in scan
      ? { id, fileName: staged.file_name, error: scan.error }
      : {
          id,
          fileName: staged.file_name,
          mapping: scan.mapping,
          separator: scan.separator,
          ...tally.finish(scan),
          duplicates: scan.duplicates,
          duplicateCount: scan.duplicateCount,
          refused: scan.refused,
          erased: tally.erasedRows,
          unknownTags: scan.unknownTags,
        };
  await checkpoint(db, {
    state: "preview",
    preview: JSON.stringify(preview),
    rows_done: "error" in scan ? 0 : scan.totalRows,
  });
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

/** Writes one batch's people and memberships; returns what undoes it. */
async function writeBatch(
  trx: Db,
  planned: PlannedRow[],
  fileName: string,
  nowIso: string,
): Promise<BatchUndo> {
  const people: PersonTable[] = [];
  const inserts: ListMembershipTable[] = [];
  const undo: BatchUndo = {
    rows: planned.length,
    people: [],
    memberships: [],
    personBefore: [],
    membershipBefore: [],
  };
  for (const { row, existing, erasedAt, lists, fields } of planned) {
    if (erasedAt) continue;
    const personId = existing?.personId ?? randomUUID();
    if (!existing) people.push(newPerson(personId, row, nowIso));
    else if (fields.has("name") || fields.has("firstSeen") || fields.has("suppressed")) {
      undo.personBefore.push(existing.before);
      await trx
        .updateTable("people")
        .set({
          ...(fields.has("name") && {
            first_name: existing.firstName ?? row.firstName,
            last_name: existing.lastName ?? row.lastName,
          }),
          ...(fields.has("firstSeen") && { first_seen_at: row.firstSeenAt! }),
          ...(fields.has("suppressed") && {
            bounced_at: row.suppression!.at ?? nowIso,
            bounce_reason: row.suppression!.reason,
          }),
        })
        .where("id", "=", personId)
        .execute();
    }
    for (const { list, file, change } of lists) {
      const known = existing?.lists[list];
      if (known && "id" in change) undo.membershipBefore.push(known);
      if (change.kind === "insert") {
        inserts.push(newMembership(personId, list, file, fileName, nowIso));
      } else if (change.kind === "confirm") {
        const consentedAt = file.consentedAt ?? nowIso;
        await trx
          .updateTable("list_memberships")
          .set({
            status: "confirmed",
            interests: JSON.stringify(change.interests),
            consent_text: file.consentText ?? consentWording(fileName, file),
            consented_at: consentedAt,
            confirmed_at: file.confirmedAt ?? consentedAt,
            updated_at: nowIso,
          })
          .where("id", "=", change.id)
          .execute();
      } else if (change.kind === "add-interests") {
        await trx
          .updateTable("list_memberships")
          .set({ interests: JSON.stringify(change.interests), updated_at: nowIso })
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
  if (people.length > 0) await trx.insertInto("people").values(people).execute();
  for (let start = 0; start < inserts.length; start += batchSize) {
    await trx
      .insertInto("list_memberships")
      .values(inserts.slice(start, start + batchSize))
      .execute();
  }
  undo.people = people.map((person) => person.id);
  undo.memberships = inserts.map((membership) => membership.id);
  return undo;
}

/**
 * Imports a staged file read as a stream, a batch at a time, each batch in a transaction of its
 * own with what undoes it and the job's progress: new people with what the file records about
 * them, memberships confirmed only where the file records consent, every opt-out kept and a local
 * unsubscribe never overridden; a cleaned, bounced or complaining address is suppressed. A known
 * person gains only what is missing (a name, an earlier first sighting, interests); an erased
 * address is not imported at all. After a restart the batches already applied are skipped. The
 * last transaction records the counts in the audit log and drops the file and the undo records.
 */
export async function applyBatches(
  { db, clock, config }: ImportDeps,
  id: string,
  checkpoint: Checkpoint,
) {
  const staged = await db
    .selectFrom("people_imports")
    .select(["file_name", "encoding", "tally", "rows_done", "applied_by"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const applied = await db
    .selectFrom("people_import_undo")
    .select((eb) => eb.fn.countAll<number | string>().as("batches"))
    .where("import_id", "=", id)
    .executeTakeFirstOrThrow();
  const tally = ImportTally.from(staged.tally);
  let rowsDone = staged.rows_done;
  let seq = 0;
  const pace = jobPace();
  const scan = await scanImportFile(
    stagedText(db, id, staged.encoding as UploadEncoding),
    async (fileRows) => {
      for (let start = 0; start < fileRows.length; start += rowsPerWrite) {
        const rows = fileRows.slice(start, start + rowsPerWrite);
        const batch = seq++;
        if (batch < Number(applied.batches)) continue;
        await pace();
        const nowIso = clock.now().toISOString();
        await db.transaction().execute(async (trx) => {
          const planned = await planBatch(trx, config, rows);
          const undo = await writeBatch(trx, planned, staged.file_name, nowIso);
          tally.add(planned);
          await trx
            .insertInto("people_import_undo")
            .values({ import_id: id, seq: batch, data: JSON.stringify(undo) })
            .execute();
          await checkpoint(trx, {
            tally: JSON.stringify(tally),
            rows_done: rowsDone + rows.length,
          });
        });
        rowsDone += rows.length;
      }
    },
  );
  // A file that could be staged reads the same now; were it not, the job stops here to be cancelled.
  if ("error" in scan) throw new Error(`A staged import no longer reads: ${scan.error}`);
  const { counts } = tally.finish(scan);
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    await checkpoint(trx, { state: "done", result: JSON.stringify(counts), tally: null });
    await dropFile(trx, [id]);
    await recordAdminAction(trx, {
      actor: staged.applied_by ?? "unknown",
      action: "people.import",
      subject: id,
      detail: counts,
      now,
    });
  });
}

/** The tables whose rows may name a person; a person one of them names was not the import's alone. */
const tablesNamingPeople = [
  "list_memberships",
  "broadcast_deliveries",
  "sequence_enrollments",
  "sequence_sends",
  "bookings",
  "orders",
  "contact_messages",
  "workshop_registrations",
  "analytics_attributions",
] as const;

/**
 * Undoes an import's applied batches, last first, each in a transaction of its own with its
 * progress: the people and memberships it added deleted, those it changed put back as they were.
 * A person it added whom something since names (their own signup, a booking) is kept: they are
 * the site's now. The undo records go with their batch, so a restart goes on where it stopped.
 */
export async function undoBatches({ db, clock }: ImportDeps, id: string, checkpoint: Checkpoint) {
  const pace = jobPace();
  let undone = (
    await db
      .selectFrom("people_imports")
      .select("rows_done")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).rows_done;
  for (;;) {
    await pace();
    const last = await db
      .selectFrom("people_import_undo")
      .select(["seq", "data"])
      .where("import_id", "=", id)
      .orderBy("seq", "desc")
      .limit(1)
      .executeTakeFirst();
    if (!last) break;
    const undo = JSON.parse(last.data) as BatchUndo;
    await db.transaction().execute(async (trx) => {
      if (undo.memberships.length > 0) {
        await trx.deleteFrom("list_memberships").where("id", "in", undo.memberships).execute();
      }
      if (undo.people.length > 0) {
        await trx
          .deleteFrom("people")
          .where("id", "in", undo.people)
          .where(({ not, or, exists, selectFrom, ref }) =>
            not(
              or(
                tablesNamingPeople.map((table) =>
                  exists(
                    selectFrom(table)
                      .select("person_id")
                      .whereRef("person_id", "=", ref("people.id")),
                  ),
                ),
              ),
            ),
          )
          .execute();
      }
      for (const { id: personId, ...before } of undo.personBefore) {
        await trx.updateTable("people").set(before).where("id", "=", personId).execute();
      }
      for (const { id: membershipId, ...before } of undo.membershipBefore) {
        await trx
          .updateTable("list_memberships")
          .set(before)
          .where("id", "=", membershipId)
          .execute();
      }
      await trx
        .deleteFrom("people_import_undo")
        .where("import_id", "=", id)
        .where("seq", "=", last.seq)
        .execute();
      await checkpoint(trx, { rows_done: Math.max(0, undone - undo.rows) });
    });
    undone = Math.max(0, undone - undo.rows);
  }
  await db.transaction().execute(async (trx) => {
    await checkpoint(trx, { state: "cancelled", tally: null, rows_done: 0 });
    await dropFile(trx, [id]);
    await recordAdminAction(trx, {
      actor: "import job",
      action: "people.import.cancelled",
      subject: id,
      detail: {},
      now: clock.now(),
    });
  });
}
