import { z } from "zod";
import { emailKey } from "../../core/email-key";
import { CsvRefusal, openCsv } from "./import-csv";
import { cellStatus, normalWord, stricter, type CellStatus } from "./import-statuses";
import type { ListName } from "~/lib/lists";
import { newsletterInterests } from "~/lib/newsletter-interests";

/** What a column of an export can mean to us. */
export type ImportField =
  | "email"
  | "firstName"
  | "lastName"
  | "name"
  | "source"
  | "firstSeenAt"
  | "lastSeenAt"
  | "bouncedAt"
  | "bounceReason"
  | "newsletterStatus"
  | "interests"
  | "newsletterSource"
  | "newsletterConsentText"
  | "consentedAt"
  | "optinAt"
  | "newsletterConfirmedAt"
  | "newsletterUnsubscribedAt"
  | "unsubscribeTime"
  | "cleanTime"
  | "ghostNewsletters"
  | "emailDisabled"
  | "paidSubscription"
  | "waitlistStatus"
  | "waitlistSource"
  | "waitlistConsentText"
  | "waitlistConsentedAt"
  | "waitlistConfirmedAt"
  | "waitlistUnsubscribedAt"
  | "waitlistNotifiedAt";

/**
 * Header names as our people export, Mailchimp (`Email Address`, `CONFIRM_TIME`, `OPTIN_TIME`,
 * `UNSUB_TIME` in its unsubscribed export, `CLEAN_TIME` in its cleaned one, `TAGS`), Kit (`email`,
 * `first_name`, `status`, `tags`, `created_at`), Ghost (`email`, `name`, `subscribed_to_emails`,
 * `newsletters`, `labels`), Substack (`email`, `active_subscription`, `expiry`, `plan`,
 * `email_disabled`, `created_at`, `first_payment_at`), Beehiiv (`email`, `status`, `created_at`,
 * `subscription_tier`, `utm_*`, `referral_code`) and hand-made sheets (`subscribed`, `consent`)
 * write them, compared in lower case with `_` and `-` as spaces. For each field the first name
 * found wins.
 */
const headerNames: Record<ImportField, string[]> = {
  email: ["email", "email address", "e mail", "e mail address"],
  firstName: ["first name", "firstname", "fname"],
  lastName: ["last name", "lastname", "lname"],
  name: ["name", "full name"],
  source: ["source"],
  firstSeenAt: ["first seen at"],
  lastSeenAt: ["last seen at"],
  bouncedAt: ["bounced at"],
  bounceReason: ["bounce reason"],
  newsletterStatus: [
    "newsletter status",
    "newsletter",
    "status",
    "subscribed to emails",
    "subscriber status",
    "subscription status",
    "email status",
    "state",
    "subscribed",
    "consent",
    "email consent",
    "opted in",
    "accepts marketing",
  ],
  interests: ["newsletter interests", "interests", "tags", "labels", "groups"],
  newsletterSource: ["newsletter source"],
  newsletterConsentText: ["newsletter consent text", "consent text"],
  consentedAt: [
    "newsletter consented at",
    "confirm time",
    "consented at",
    "consent time",
    "optin time",
    "subscribed at",
    "created at",
  ],
  optinAt: ["optin time"],
  newsletterConfirmedAt: ["newsletter confirmed at", "confirmed at"],
  newsletterUnsubscribedAt: ["newsletter unsubscribed at", "unsubscribed at"],
  unsubscribeTime: ["unsub time"],
  cleanTime: ["clean time"],
  ghostNewsletters: ["newsletters"],
  // Substack: `true` where the reader turned its emails off (an opt-out), `false` on a subscriber.
  emailDisabled: ["email disabled"],
  // Substack: a paid plan running, not consent to email; never read as a list status.
  paidSubscription: ["active subscription"],
  waitlistStatus: ["waitlist status", "waitlist"],
  waitlistSource: ["waitlist source"],
  waitlistConsentText: ["waitlist consent text"],
  waitlistConsentedAt: ["waitlist consented at"],
  waitlistConfirmedAt: ["waitlist confirmed at"],
  waitlistUnsubscribedAt: ["waitlist unsubscribed at"],
  waitlistNotifiedAt: ["waitlist notified at"],
};

/** Which column (by index) holds each field this file has. */
export type ColumnMapping = Partial<Record<ImportField, { column: number; header: string }>>;

function mapColumns(headers: string[]): ColumnMapping {
  const normal = headers.map(normalWord);
  const mapping: ColumnMapping = {};
  for (const [field, names] of Object.entries(headerNames) as [ImportField, string[]][]) {
    for (const name of names) {
      const column = normal.indexOf(name);
      if (column >= 0) {
        mapping[field] = { column, header: headers[column]!.trim() };
        break;
      }
    }
  }
  return mapping;
}

export type ImportedStatus = "confirmed" | "pending" | "unsubscribed";

/** What the file records about one list for one person. */
export type ListImport = {
  status: ImportedStatus;
  /** The column the status was read from, for the preview. */
  statusColumn: string;
  interests: string[];
  source: string | null;
  consentText: string | null;
  consentedAt: string | null;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  notifiedAt: string | null;
};

export type ImportRow = {
  /** The line of the file (the header is line 1). */
  line: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  source: string | null;
  firstSeenAt: string | null;
  lastSeenAt: string | null;
  /** A cleaned, bounced or complaining address: kept off every mailing. */
  suppression: { at: string | null; reason: string; column: string } | null;
  lists: Partial<Record<ListName, ListImport>>;
};

export type RefusedRow = { line: number; reason: string };

/** A later row naming an address already seen, and what the import keeps for that address. */
export type DuplicateRow = {
  line: number;
  firstLine: number;
  email: string;
  kept: string;
};

/** What reading a whole file found, besides its rows (which go to the caller in batches). */
export type ImportScan = {
  mapping: ColumnMapping;
  separator: string;
  /** The first `listedRows` later rows of an address already read, with what is kept. */
  duplicates: DuplicateRow[];
  duplicateCount: number;
  /** The first `listedRows` refused rows with their reasons. */
  refused: RefusedRow[];
  refusedCount: number;
  /** Tags that match no newsletter interest (kept out of the import), the first `listedRows`. */
  unknownTags: string[];
  totalRows: number;
};

/** Refused rows, repeated addresses and unknown tags a preview lists; the counts say the rest. */
export const listedRows = 200;
/** Rows handed to the caller at a time. */
export const importBatchSize = 500;

const emailSchema = z.email().max(254);
const maxNameLength = 200;
const maxTextLength = 2000;

/** Export times: ISO 8601, or Mailchimp's `2024-03-05 10:22:11` (UTC). */
function parseTime(text: string): string | null | "invalid" {
  if (!text) return null;
  const spaced = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text);
  const time = Date.parse(spaced ? `${text.replace(" ", "T")}Z` : text);
  return Number.isNaN(time) ? "invalid" : new Date(time).toISOString();
}

const interestByName = new Map(
  newsletterInterests.flatMap((interest) => [
    [interest.key, interest.key],
    [interest.label.toLowerCase(), interest.key],
  ]),
);

/**
 * Mailchimp quotes each tag (`"Book","VIP"`); Kit and Ghost separate them with commas, our export
 * with semicolons; an older export of ours wrote a JSON array.
 */
function tagsOf(text: string): string[] {
  if (text.startsWith("[")) {
    try {
      const list = JSON.parse(text) as unknown;
      if (Array.isArray(list)) return list.map(String);
    } catch {
      // Not JSON after all: read it as a separated list.
    }
  }
  return text
    .split(/[,;|]/)
    .map((tag) => tag.trim().replace(/^"|"$/g, "").trim())
    .filter(Boolean);
}

function splitName(name: string) {
  const [first, ...rest] = name.trim().split(/\s+/);
  return { firstName: first || null, lastName: rest.join(" ") || null };
}

/** Our export prefixes a cell a spreadsheet would run as a formula with `'`; this undoes it. */
const unneutralised = (cell: string) => cell.replace(/^'(?='*[=+\-@\t\r])/, "");

class RowRefusal extends Error {}

/** Reads one data record into a row, or throws a RowRefusal with the reason. */
function readRow(
  mapping: ColumnMapping,
  line: number,
  cells: string[],
  unknownTags: Set<string>,
): ImportRow {
  const cell = (field: ImportField) => {
    const column = mapping[field]?.column;
    return column === undefined ? "" : unneutralised((cells[column] ?? "").trim());
  };
  const header = (field: ImportField) => mapping[field]!.header;
  const time = (field: ImportField) => {
    const parsed = parseTime(cell(field));
    if (parsed === "invalid") {
      throw new RowRefusal(`the ${header(field)} “${cell(field).slice(0, 40)}” is not a date`);
    }
    return parsed;
  };
  const text = (field: ImportField, max = maxTextLength) => {
    const value = cell(field);
    if (value.length > max) {
      throw new RowRefusal(`the ${header(field)} is longer than ${max} characters`);
    }
    return value || null;
  };
  const status = (field: ImportField): CellStatus => {
    const found = cellStatus(cell(field));
    if (!found) throw new RowRefusal(`unknown status “${cell(field).slice(0, 40)}”`);
    return found;
  };

  const email = cell("email");
  if (!emailSchema.safeParse(email).success) {
    throw new RowRefusal(
      email ? `“${email.slice(0, 80)}” is not an email address` : "no email address",
    );
  }
  const named =
    mapping.firstName || mapping.lastName
      ? { firstName: text("firstName", maxNameLength), lastName: text("lastName", maxNameLength) }
      : splitName(cell("name"));
  if (
    (named.firstName?.length ?? 0) > maxNameLength ||
    (named.lastName?.length ?? 0) > maxNameLength
  ) {
    throw new RowRefusal(`the name is longer than ${maxNameLength} characters`);
  }

  let suppression: ImportRow["suppression"] = null;
  const bouncedAt = time("bouncedAt");
  if (bouncedAt) {
    suppression = {
      at: bouncedAt,
      reason: text("bounceReason") ?? "bounced",
      column: header("bouncedAt"),
    };
  }

  // Every signal the file gives about the newsletter; the strictest one decides.
  const signals: { status: Exclude<CellStatus, "none">; column: string }[] = [];
  const consentedAt = time("consentedAt");
  if (mapping.newsletterStatus) {
    const found = status("newsletterStatus");
    if (found !== "none") signals.push({ status: found, column: header("newsletterStatus") });
  }
  if (mapping.ghostNewsletters) {
    signals.push({
      status: cell("ghostNewsletters") ? "confirmed" : "unsubscribed",
      column: header("ghostNewsletters"),
    });
  }
  // Mailchimp writes its unsubscribed and cleaned audiences to files of their own, told apart by
  // these columns: every row of such a file opted out, whatever else it records.
  if (mapping.unsubscribeTime) {
    signals.push({ status: "unsubscribed", column: header("unsubscribeTime") });
  }
  if (mapping.cleanTime) signals.push({ status: "suppressed", column: header("cleanTime") });
  if (mapping.emailDisabled) {
    // The cell says whether emails are off: a yes-word is the opt-out, a no-word the consent.
    const found = status("emailDisabled");
    if (found === "confirmed" || found === "suppressed") {
      signals.push({ status: "unsubscribed", column: header("emailDisabled") });
    } else if (found === "unsubscribed") {
      signals.push({ status: "confirmed", column: header("emailDisabled") });
    }
  }
  if (signals.length === 0) {
    const optinAt = time("optinAt");
    if (
      mapping.optinAt &&
      mapping.consentedAt?.header !== mapping.optinAt.header &&
      optinAt &&
      !consentedAt
    ) {
      // Mailchimp's pending audience: opted in, never confirmed.
      signals.push({ status: "pending", column: header("optinAt") });
    } else if (consentedAt) {
      signals.push({ status: "confirmed", column: header("consentedAt") });
    }
  }

  const lists: ImportRow["lists"] = {};
  if (signals.length > 0) {
    const strictest = signals.reduce((a, b) => (stricter(a.status, b.status) === a.status ? a : b));
    if (strictest.status === "suppressed") {
      const cleaned = Boolean(mapping.cleanTime);
      suppression ??= {
        at: cleaned ? time("cleanTime") : null,
        reason: cleaned
          ? "cleaned in the imported file"
          : `${normalWord(cell("newsletterStatus"))} in the imported file`,
        column: strictest.column,
      };
    }
    const interests: string[] = [];
    for (const tag of tagsOf(cell("interests"))) {
      const interest = interestByName.get(tag.toLowerCase());
      if (interest) interests.push(interest);
      else if (unknownTags.size < listedRows) unknownTags.add(tag.slice(0, 60));
    }
    const listStatus = strictest.status === "suppressed" ? "unsubscribed" : strictest.status;
    lists.newsletter = {
      status: listStatus,
      statusColumn: strictest.column,
      interests: [...new Set(interests)],
      source: text("newsletterSource"),
      consentText: text("newsletterConsentText"),
      consentedAt: consentedAt ?? (mapping.optinAt ? time("optinAt") : null),
      confirmedAt: time("newsletterConfirmedAt"),
      unsubscribedAt:
        time("newsletterUnsubscribedAt") ??
        (mapping.unsubscribeTime ? time("unsubscribeTime") : null),
      notifiedAt: null,
    };
  }
  if (mapping.waitlistStatus) {
    const found = status("waitlistStatus");
    if (found !== "none") {
      if (found === "suppressed") {
        suppression ??= {
          at: null,
          reason: `${normalWord(cell("waitlistStatus"))} in the imported file`,
          column: header("waitlistStatus"),
        };
      }
      lists.waitlist = {
        status: found === "suppressed" ? "unsubscribed" : found,
        statusColumn: header("waitlistStatus"),
        interests: [],
        source: text("waitlistSource"),
        consentText: text("waitlistConsentText"),
        consentedAt: time("waitlistConsentedAt"),
        confirmedAt: time("waitlistConfirmedAt"),
        unsubscribedAt: time("waitlistUnsubscribedAt"),
        notifiedAt: time("waitlistNotifiedAt"),
      };
    }
  }
  const known = Object.values(lists).flatMap((membership) => [
    membership.consentedAt,
    membership.confirmedAt,
  ]);
  return {
    line,
    email,
    ...named,
    source: text("source", maxNameLength),
    // A first-seen column as written (our own export); else the earliest consent the row gives.
    firstSeenAt: time("firstSeenAt") ?? earliest([consentedAt, ...known]),
    lastSeenAt: time("lastSeenAt"),
    suppression,
    lists,
  };
}

/** The earliest of some ISO times (they compare as text), or null when none is given. */
export function earliest(times: (string | null | undefined)[]): string | null {
  let found: string | null = null;
  for (const time of times) if (time && (found === null || time < found)) found = time;
  return found;
}

/**
 * A later row of an address already read: the first row's name stays, the earliest first sighting
 * and the latest last one are kept, opt-outs win.
 */
function mergeInto(earlier: ImportRow, later: ImportRow) {
  earlier.firstName ??= later.firstName;
  earlier.lastName ??= later.lastName;
  earlier.firstSeenAt = earliest([earlier.firstSeenAt, later.firstSeenAt]);
  if (later.lastSeenAt && (!earlier.lastSeenAt || later.lastSeenAt > earlier.lastSeenAt)) {
    earlier.lastSeenAt = later.lastSeenAt;
  }
  earlier.suppression ??= later.suppression;
  for (const list of Object.keys(later.lists) as ListName[]) {
    const mine = earlier.lists[list];
    const theirs = later.lists[list]!;
    if (!mine) {
      earlier.lists[list] = theirs;
      continue;
    }
    const interests = [...new Set([...mine.interests, ...theirs.interests])];
    earlier.lists[list] =
      stricter(mine.status, theirs.status) === mine.status
        ? { ...mine, interests }
        : { ...theirs, interests };
  }
}

function describeKept(row: ImportRow) {
  const name = [row.firstName, row.lastName].filter(Boolean).join(" ") || "no name";
  const lists = (Object.entries(row.lists) as [ListName, ListImport][])
    .map(([list, membership]) => `${list} ${membership.status}`)
    .join(", ");
  return `${name}; ${lists || "on no list"}${row.suppression ? "; suppressed" : ""}`;
}

/**
 * Reads an export as a stream, twice: first only its addresses, to find those given on more than
 * one row (a Set of every address's 30-bit hash: about 3 MB at 100,000 rows); then every row,
 * checked and handed to `onRows` in batches of `importBatchSize`, one row per address. Rows of a
 * possibly repeated address (its hash seen twice) are held, merged with the rows of the same
 * address, and handed over last; a hash shared by two addresses only holds them to the end.
 * Nothing is written here; a row is refused with its reason (no or a bad address, an unknown
 * status, a time that is not a date, an over-long name). `text` opens the file again for each pass.
 */
export async function scanImportFile(
  text: () => AsyncIterable<string>,
  onRows: (rows: ImportRow[]) => Promise<void>,
): Promise<ImportScan | { error: string }> {
  try {
    const repeated = await repeatedAddresses(text);
    if ("error" in repeated) return repeated;
    const csv = await openCsv(text());
    if ("error" in csv) return csv;
    const mapping = mapColumns(csv.headers);
    const held = new Map<string, ImportRow>();
    const repeats: { line: number; key: string }[] = [];
    let duplicateCount = 0;
    const refused: RefusedRow[] = [];
    let refusedCount = 0;
    const unknownTags = new Set<string>();
    let batch: ImportRow[] = [];
    for await (const { line, cells } of csv.records) {
      let row: ImportRow;
      try {
        row = readRow(mapping, line, cells, unknownTags);
      } catch (error) {
        if (!(error instanceof RowRefusal)) throw error;
        refusedCount += 1;
        if (refused.length < listedRows) refused.push({ line, reason: error.message });
        continue;
      }
      const key = emailKey(row.email);
      if (repeated.hashes.has(addressHash(key))) {
        const earlier = held.get(key);
        if (!earlier) held.set(key, row);
        else {
          mergeInto(earlier, row);
          duplicateCount += 1;
          if (repeats.length < listedRows) repeats.push({ line, key });
        }
        continue;
      }
      batch.push(row);
      if (batch.length === importBatchSize) {
        await onRows(batch);
        batch = [];
      }
    }
    const merged = [...held.values()];
    for (let start = 0; start < merged.length; start += importBatchSize) {
      batch.push(...merged.slice(start, start + importBatchSize));
      await onRows(batch);
      batch = [];
    }
    if (batch.length > 0) await onRows(batch);
    return {
      mapping,
      separator: csv.separator,
      duplicates: repeats.map(({ line, key }) => {
        const kept = held.get(key)!;
        return { line, firstLine: kept.line, email: kept.email, kept: describeKept(kept) };
      }),
      duplicateCount,
      refused,
      refusedCount,
      unknownTags: [...unknownTags].sort().slice(0, listedRows),
      totalRows: repeated.totalRows,
    };
  } catch (error) {
    if (error instanceof CsvRefusal) return { error: error.message };
    throw error;
  }
}

/**
 * Why a file cannot be imported at all (empty, only a header, no email column, broken quoting, a
 * row too long), or how many rows it has: `scanImportFile`'s first pass alone, which reads every
 * record, so the second cannot find more.
 */
export async function importFileRefusal(
  text: () => AsyncIterable<string>,
): Promise<{ error: string } | { totalRows: number }> {
  try {
    const repeated = await repeatedAddresses(text);
    return "error" in repeated ? repeated : { totalRows: repeated.totalRows };
  } catch (error) {
    if (error instanceof CsvRefusal) return { error: error.message };
    throw error;
  }
}

/**
 * FNV-1a over an address key's UTF-16 code units, cut to 30 bits so V8 keeps it as a small
 * integer: the first pass keeps these, not 100,000 strings that would outlive the young
 * generation and grow the heap (issue 20 point 7).
 */
function addressHash(key: string) {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) {
    hash = Math.imul(hash ^ key.charCodeAt(index), 0x01000193);
  }
  return hash & 0x3fffffff;
}

/**
 * The first pass: the header checked, the rows counted, the hashes of the addresses given more
 * than once.
 */
async function repeatedAddresses(
  text: () => AsyncIterable<string>,
): Promise<{ hashes: Set<number>; totalRows: number } | { error: string }> {
  const csv = await openCsv(text());
  if ("error" in csv) return csv;
  const column = mapColumns(csv.headers).email?.column;
  if (column === undefined) {
    return { error: "The file has no email column (Email Address, email or Email)." };
  }
  const seen = new Set<number>();
  const hashes = new Set<number>();
  let totalRows = 0;
  for await (const { cells } of csv.records) {
    totalRows += 1;
    const hash = addressHash(emailKey(unneutralised((cells[column] ?? "").trim())));
    if (seen.has(hash)) hashes.add(hash);
    else seen.add(hash);
  }
  if (totalRows === 0) {
    return { error: "The file has a header line but no rows of people under it." };
  }
  return { hashes, totalRows };
}
