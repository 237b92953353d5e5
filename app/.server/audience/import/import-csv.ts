import { pipeline, Readable } from "node:stream";

/**
 * The largest CSV the console takes. The file streams to the database and is read back as a
 * stream, so this bounds the storage an upload takes, not the server's memory.
 */
export const maxImportBytes = 64 * 1024 * 1024;

/** The longest record (one row, all its cells) read: a row of people is a few hundred bytes. */
export const maxRecordBytes = 256 * 1024;

export type UploadEncoding = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

const separators = [",", ";", "\t"] as const;
export type CsvSeparator = (typeof separators)[number];

const notText = {
  error:
    "This is not a CSV file: it holds binary data. Export the list as CSV (comma, semicolon or tab separated text) and choose that file.",
};
/** How much of the start is looked at to tell text from binary data. */
const sampleBytes = 4096;

/**
 * Watches an upload's bytes as they arrive to tell how its text is encoded, the way spreadsheets
 * save it: UTF-8 (with or without a BOM), UTF-16 ("Unicode text" from Excel, with its BOM), else
 * Windows-1252. NUL bytes or many control characters mean the file is not text at all.
 */
export class UploadEncodingCheck {
  private head: Buffer[] = [];
  private headBytes = 0;
  private utf16: UploadEncoding | undefined;
  private utf8 = new TextDecoder("utf-8", { fatal: true });
  private validUtf8 = true;
  private binary = false;
  private checked = false;

  push(bytes: Uint8Array) {
    if (!this.checked) {
      this.head.push(Buffer.from(bytes));
      this.headBytes += bytes.length;
      if (this.headBytes >= sampleBytes) this.checkHead();
      return;
    }
    this.scan(bytes);
  }

  private checkHead() {
    this.checked = true;
    const head = Buffer.concat(this.head);
    this.head = [];
    if (head[0] === 0xff && head[1] === 0xfe) this.utf16 = "utf-16le";
    else if (head[0] === 0xfe && head[1] === 0xff) this.utf16 = "utf-16be";
    if (this.utf16) return;
    const sample = new TextDecoder("utf-8").decode(head.subarray(0, sampleBytes));
    let controls = 0;
    for (const character of sample) {
      const code = character.charCodeAt(0);
      if ((code < 32 && !"\t\n\r\f\v".includes(character)) || code === 127) controls += 1;
    }
    if (controls > sample.length / 100) this.binary = true;
    this.scan(head);
  }

  private scan(bytes: Uint8Array) {
    if (this.utf16 || this.binary) return;
    if (bytes.includes(0)) this.binary = true;
    else if (this.validUtf8) {
      try {
        this.utf8.decode(bytes, { stream: true });
      } catch {
        this.validUtf8 = false;
      }
    }
  }

  /** The encoding once every byte was pushed, or why the file is not text. */
  finish(): UploadEncoding | { error: string } {
    if (!this.checked) this.checkHead();
    if (this.utf16) return this.utf16;
    if (this.binary) return notText;
    if (this.validUtf8) {
      try {
        this.utf8.decode();
      } catch {
        this.validUtf8 = false;
      }
    }
    return this.validUtf8 ? "utf-8" : "windows-1252";
  }
}

function rowTooLong(line: number | string) {
  return `The file has a row longer than ${maxRecordBytes / 1024} KB near line ${line}: a cell holds far more than a list of people does. Check the export and choose it again.`;
}

/**
 * Watches an upload's bytes as they arrive for a line far past `maxRecordBytes`, so a file with
 * a huge cell is refused while it streams in, before it is stored whole or meets the size cap.
 * Four bytes a character (the most any encoding here takes) keeps it from refusing a row the
 * parser would take; a cell holding line breaks is measured in parts and left to the parser.
 */
export class UploadLineLengthCheck {
  private lineBytes = 0;
  private line = 1;

  /** Why the file is refused, once a line passes the limit. */
  push(bytes: Uint8Array): { error: string } | undefined {
    for (const byte of bytes) {
      if (byte === 0x0a || byte === 0x0d) {
        if (byte === 0x0a) this.line += 1;
        this.lineBytes = 0;
      } else if (++this.lineBytes > 4 * maxRecordBytes) {
        return { error: rowTooLong(this.line) };
      }
    }
    return undefined;
  }
}

/** Stored bytes as text, piece by piece (a BOM dropped). */
export async function* decodeText(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  encoding: UploadEncoding,
): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** The separator occurring most often outside quotes in the header line (a comma on a tie). */
function detectSeparator(text: string): CsvSeparator {
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

/** A sentence for the import page, thrown out of a file's records when it cannot be read on. */
export class CsvRefusal extends Error {}

export type CsvRecord = { line: number; cells: string[] };

export type CsvStream = {
  headers: string[];
  separator: CsvSeparator;
  /** Data records, blank ones skipped, each with the line it starts on (the header is line 1). */
  records: AsyncIterable<CsvRecord>;
};

/** Text enough to hold the header line, for the separator. */
const headerSampleChars = 64 * 1024;

/**
 * Reads a CSV as a spreadsheet or a mail service wrote it, as a stream: the separator is detected
 * in the header line, a BOM dropped, blank lines skipped. An empty file is an error here; broken
 * quoting or a record over `maxRecordBytes` throws a CsvRefusal from `records`.
 */
export async function openCsv(text: AsyncIterable<string>): Promise<CsvStream | { error: string }> {
  const empty = { error: "The file is empty: it has no header and no rows." };
  const pieces = text[Symbol.asyncIterator]();
  let start = "";
  let ended = false;
  while (!ended && start.length < headerSampleChars && !/[\r\n]/.test(start)) {
    const next = await pieces.next();
    if (next.done) ended = true;
    else start += next.value;
  }
  if (ended && start.trim() === "") return empty;
  const separator = detectSeparator(start);
  // Loaded by the first import, not at start (decision 309).
  const { CsvError, parse } = await import("csv-parse");
  const parser = parse({
    bom: true,
    delimiter: separator,
    skip_empty_lines: true,
    relax_column_count: true,
    trim: true,
    info: true,
    max_record_size: maxRecordBytes,
  });
  const source = Readable.from(
    (async function* () {
      yield start;
      if (!ended) yield* { [Symbol.asyncIterator]: () => pieces };
    })(),
  );
  // Errors of either end reach the loop below; the callback has nothing to add.
  pipeline(source, parser, () => undefined);
  const records = (async function* () {
    try {
      for await (const { record, info } of parser as AsyncIterable<{
        record: string[];
        info: { lines: number };
      }>) {
        yield { line: info.lines, cells: record };
      }
    } catch (error) {
      if (!(error instanceof CsvError)) throw error;
      if (error.code === "CSV_MAX_RECORD_SIZE") {
        throw new CsvRefusal(
          rowTooLong((error as InstanceType<typeof CsvError> & { lines?: number }).lines ?? "?"),
        );
      }
      throw new CsvRefusal(`The file is not valid CSV: ${error.message}`);
    }
  })();
  const header = await records.next().catch((error: unknown) => {
    if (error instanceof CsvRefusal) return { error: error.message };
    throw error;
  });
  if ("error" in header) return header;
  if (header.done) return empty;
  const rest = (async function* () {
    for await (const record of records) {
      if (record.cells.some((cell) => cell !== "")) yield record;
    }
  })();
  return { headers: header.value.cells, separator, records: rest };
}
