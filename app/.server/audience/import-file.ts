import { parse } from "csv-parse/sync";
import { z } from "zod";
import { emailKey } from "../core/email-key";
import { newsletterInterests } from "~/lib/newsletter-interests";

/** The largest CSV the console takes: 100,000 rows of a Mailchimp export fit with room. */
export const maxImportBytes = 20 * 1024 * 1024;

/** What a column of an export can mean to us. */
export type ImportField =
  "email" | "firstName" | "lastName" | "name" | "status" | "tags" | "consentedAt";

/**
 * Header names as Mailchimp (`Email Address`, `First Name`, `TAGS`, `CONFIRM_TIME`), Kit
 * (`email`, `first_name`, `status`, `tags`, `created_at`) and Ghost (`email`, `name`,
 * `subscribed_to_emails`, `labels`, `created_at`) write them, compared in lower case with `_` and
 * `-` as spaces. For the consent time the first header found wins: confirmation before opt-in
 * before the record's creation.
 */
const headerNames: Record<ImportField, string[]> = {
  email: ["email address", "email", "e mail", "email_address"],
  firstName: ["first name", "firstname", "fname"],
  lastName: ["last name", "lastname", "lname"],
  name: ["name", "full name"],
  status: ["status", "subscribed to emails", "subscriber status", "state"],
  tags: ["tags", "labels", "interests", "groups"],
  consentedAt: [
    "confirm time",
    "consented at",
    "consent time",
    "optin time",
    "subscribed at",
    "created at",
  ],
};

const normalHeader = (header: string) => header.trim().toLowerCase().replace(/[_-]+/g, " ");

/** Which column (by index) holds each field this file has. */
export type ColumnMapping = Partial<Record<ImportField, { column: number; header: string }>>;

function mapColumns(headers: string[]): ColumnMapping {
  const normal = headers.map(normalHeader);
  const mapping: ColumnMapping = {};
  for (const [field, names] of Object.entries(headerNames) as [ImportField, string[]][]) {
    for (const name of names) {
      const column = normal.indexOf(normalHeader(name));
      if (column >= 0) {
        mapping[field] = { column, header: headers[column]!.trim() };
        break;
      }
    }
  }
  return mapping;
}

/** What the file says about consent to the newsletter. */
export type FileConsent = "confirmed" | "unsubscribed" | "none";

const consentingStatuses = new Set([
  "subscribed",
  "active",
  "confirmed",
  "true",
  "yes",
  "opted in",
]);
const refusingStatuses = new Set([
  "unsubscribed",
  "cancelled",
  "canceled",
  "cleaned",
  "bounced",
  "complained",
  "inactive",
  "false",
  "no",
]);
const undecidedStatuses = new Set([
  "",
  "pending",
  "unconfirmed",
  "non subscribed",
  "transactional",
]);

export type ImportRow = {
  /** The line of the file (the header is line 1). */
  line: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  consent: FileConsent;
  /** ISO time of the consent the file records, if it does. */
  consentedAt: string | null;
  interests: string[];
};

export type RefusedRow = { line: number; reason: string };

export type ParsedImport = {
  mapping: ColumnMapping;
  /** One row per address (later rows of one address merged into the first). */
  rows: ImportRow[];
  /** Rows that named an address already seen higher in the file. */
  duplicates: number;
  refused: RefusedRow[];
  /** Tags that match no newsletter interest (kept out of the import). */
  unknownTags: string[];
  totalRows: number;
};

const emailSchema = z.email().max(254);
const maxNameLength = 200;

/** Export times: ISO 8601, or Mailchimp's `2024-03-05 10:22:11` (UTC). */
function consentTime(text: string): string | null | "invalid" {
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

/** Mailchimp quotes each tag (`"Book","VIP"`); Kit and Ghost separate them with commas. */
function tagsOf(text: string) {
  return text
    .split(/[,;|]/)
    .map((tag) => tag.trim().replace(/^"|"$/g, "").trim())
    .filter(Boolean);
}

function splitName(name: string) {
  const [first, ...rest] = name.trim().split(/\s+/);
  return { firstName: first || null, lastName: rest.join(" ") || null };
}

/**
 * Reads an export: maps its columns, checks every row and merges rows of one address. Nothing
 * is written; a row is refused with its reason (no or a bad address, an unknown status, a consent
 * time that is not a date, an over-long name).
 */
export function parseImportFile(csv: string): ParsedImport | { error: string } {
  let records: string[][];
  try {
    records = parse(csv, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }) as string[][];
  } catch (error) {
    return { error: `The file is not valid CSV: ${(error as Error).message}` };
  }
  const [headers, ...data] = records;
  if (!headers) return { error: "The file is empty." };
  const mapping = mapColumns(headers);
  if (!mapping.email) {
    return { error: "The file has no email column (Email Address, email or Email)." };
  }
  const cell = (record: string[], field: ImportField) => {
    const column = mapping[field]?.column;
    return column === undefined ? "" : (record[column] ?? "").trim();
  };
  const byKey = new Map<string, ImportRow>();
  const refused: RefusedRow[] = [];
  const unknownTags = new Set<string>();
  let duplicates = 0;
  data.forEach((record, index) => {
    const line = index + 2;
    const email = cell(record, "email");
    if (!emailSchema.safeParse(email).success) {
      refused.push({
        line,
        reason: email ? `“${email.slice(0, 80)}” is not an email address` : "no email address",
      });
      return;
    }
    const status = normalHeader(cell(record, "status"));
    const time = consentTime(cell(record, "consentedAt"));
    if (time === "invalid") {
      refused.push({
        line,
        reason: `the consent time “${cell(record, "consentedAt").slice(0, 40)}” is not a date`,
      });
      return;
    }
    let consent: FileConsent;
    if (!mapping.status) consent = time ? "confirmed" : "none";
    else if (consentingStatuses.has(status)) consent = "confirmed";
    else if (refusingStatuses.has(status)) consent = "unsubscribed";
    else if (undecidedStatuses.has(status)) consent = "none";
    else {
      refused.push({ line, reason: `unknown status “${cell(record, "status").slice(0, 40)}”` });
      return;
    }
    const named =
      mapping.firstName || mapping.lastName
        ? {
            firstName: cell(record, "firstName") || null,
            lastName: cell(record, "lastName") || null,
          }
        : splitName(cell(record, "name"));
    if (
      (named.firstName?.length ?? 0) > maxNameLength ||
      (named.lastName?.length ?? 0) > maxNameLength
    ) {
      refused.push({ line, reason: `the name is longer than ${maxNameLength} characters` });
      return;
    }
    const interests: string[] = [];
    for (const tag of tagsOf(cell(record, "tags"))) {
      const interest = interestByName.get(tag.toLowerCase());
      if (interest) interests.push(interest);
      else unknownTags.add(tag.slice(0, 60));
    }
    const key = emailKey(email);
    const earlier = byKey.get(key);
    if (!earlier) {
      byKey.set(key, {
        line,
        email,
        ...named,
        consent,
        consentedAt: time,
        interests: [...new Set(interests)],
      });
      return;
    }
    // The same address again: its later row adds what it says.
    duplicates += 1;
    earlier.firstName = named.firstName ?? earlier.firstName;
    earlier.lastName = named.lastName ?? earlier.lastName;
    if (consent !== "none") earlier.consent = consent;
    earlier.consentedAt = time ?? earlier.consentedAt;
    earlier.interests = [...new Set([...earlier.interests, ...interests])];
  });
  return {
    mapping,
    rows: [...byKey.values()],
    duplicates,
    refused,
    unknownTags: [...unknownTags].sort(),
    totalRows: data.length,
  };
}
