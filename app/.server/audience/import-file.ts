import { z } from "zod";
import { emailKey } from "../core/email-key";
import { readCsv } from "./import-csv";
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
 * `newsletters`, `labels`) and hand-made sheets (`subscribed`, `consent`) write them, compared in
 * lower case with `_` and `-` as spaces. For each field the first name found wins.
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

export type ParsedImport = {
  mapping: ColumnMapping;
  separator: string;
  /** One row per address (later rows of one address merged into the first). */
  rows: ImportRow[];
  duplicates: DuplicateRow[];
  refused: RefusedRow[];
  /** Tags that match no newsletter interest (kept out of the import). */
  unknownTags: string[];
  totalRows: number;
};

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
      else unknownTags.add(tag.slice(0, 60));
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
  return {
    line,
    email,
    ...named,
    source: text("source", maxNameLength),
    firstSeenAt: time("firstSeenAt"),
    lastSeenAt: time("lastSeenAt"),
    suppression,
    lists,
  };
}

/** A later row of an address already read: the first row's name and times stay, opt-outs win. */
function mergeInto(earlier: ImportRow, later: ImportRow) {
  earlier.firstName ??= later.firstName;
  earlier.lastName ??= later.lastName;
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
 * Reads an export: maps its columns, checks every row and merges rows of one address. Nothing
 * is written; a row is refused with its reason (no or a bad address, an unknown status, a time
 * that is not a date, an over-long name).
 */
export function parseImportFile(csv: string): ParsedImport | { error: string } {
  const table = readCsv(csv);
  if ("error" in table) return table;
  const mapping = mapColumns(table.headers);
  if (!mapping.email) {
    return { error: "The file has no email column (Email Address, email or Email)." };
  }
  const byKey = new Map<string, ImportRow>();
  const refused: RefusedRow[] = [];
  const unknownTags = new Set<string>();
  const repeats: { line: number; key: string }[] = [];
  for (const { line, cells } of table.records) {
    let row: ImportRow;
    try {
      row = readRow(mapping, line, cells, unknownTags);
    } catch (error) {
      if (!(error instanceof RowRefusal)) throw error;
      refused.push({ line, reason: error.message });
      continue;
    }
    const key = emailKey(row.email);
    const earlier = byKey.get(key);
    if (!earlier) byKey.set(key, row);
    else {
      mergeInto(earlier, row);
      repeats.push({ line, key });
    }
  }
  const duplicates = repeats.map(({ line, key }) => {
    const kept = byKey.get(key)!;
    return { line, firstLine: kept.line, email: kept.email, kept: describeKept(kept) };
  });
  return {
    mapping,
    separator: table.separator,
    rows: [...byKey.values()],
    duplicates,
    refused,
    unknownTags: [...unknownTags].sort(),
    totalRows: table.records.length,
  };
}
