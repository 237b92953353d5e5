import { parse } from "csv-parse/sync";

/** The largest CSV the console takes: 100,000 rows of a Mailchimp export fit with room. */
export const maxImportBytes = 20 * 1024 * 1024;

export type CsvTable = {
  headers: string[];
  /** Data records, each with the line its record starts on (the header is line 1). */
  records: { line: number; cells: string[] }[];
  /** The separator found in the header line. */
  separator: "," | ";" | "\t";
};

const separators = [",", ";", "\t"] as const;

/**
 * Text from the uploaded bytes the way spreadsheets save them: UTF-8 (with or without a BOM),
 * UTF-16 ("Unicode text" from Excel, with its BOM), else Windows-1252. NUL bytes or many control
 * characters mean the file is not text at all.
 */
export function decodeUpload(bytes: Uint8Array): string | { error: string } {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  }
  const notText = {
    error:
      "This is not a CSV file: it holds binary data. Export the list as CSV (comma, semicolon or tab separated text) and choose that file.",
  };
  if (bytes.includes(0)) return notText;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  const sample = text.slice(0, 4096);
  let controls = 0;
  for (const character of sample) {
    const code = character.charCodeAt(0);
    if ((code < 32 && !"\t\n\r\f\v".includes(character)) || code === 127) controls += 1;
  }
  if (controls > sample.length / 100) return notText;
  return text;
}

/** The separator occurring most often outside quotes in the header line (a comma on a tie). */
function detectSeparator(text: string): CsvTable["separator"] {
  const counts = new Map<string, number>(separators.map((separator) => [separator, 0]));
  let quoted = false;
  for (const character of text.replace(/^\uFEFF/, "")) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && (character === "\n" || character === "\r")) break;
    else if (!quoted && counts.has(character)) counts.set(character, counts.get(character)! + 1);
  }
  return separators.reduce((best, separator) =>
    counts.get(separator)! > counts.get(best)! ? separator : best,
  );
}

/**
 * Reads a CSV as a spreadsheet or a mail service wrote it: the separator is detected, a BOM
 * dropped, blank lines skipped. An empty file, a header without rows or broken quoting is an error
 * with a sentence the import page shows.
 */
export function readCsv(text: string): CsvTable | { error: string } {
  if (text.trim() === "") return { error: "The file is empty: it has no header and no rows." };
  const separator = detectSeparator(text);
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    parsed = parse(text, {
      bom: true,
      delimiter: separator,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      info: true,
    }) as unknown as typeof parsed;
  } catch (error) {
    return { error: `The file is not valid CSV: ${(error as Error).message}` };
  }
  const [header, ...data] = parsed;
  if (!header) return { error: "The file is empty: it has no header and no rows." };
  const records = data
    .filter(({ record }) => record.some((cell) => cell !== ""))
    .map(({ record, info }) => ({ line: info.lines, cells: record }));
  if (records.length === 0) {
    return { error: "The file has a header line but no rows of people under it." };
  }
  return { headers: header.record, records, separator };
}
