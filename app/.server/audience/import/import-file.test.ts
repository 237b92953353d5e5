import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeText, UploadEncodingCheck } from "./import-csv";
import { scanImportFile, type ImportRow, type ImportScan } from "./import-file";

const fixtures = path.resolve(__dirname, "../../../../tests/fixtures/imports");

type ParsedImport = ImportScan & { rows: ImportRow[] };

/** The file read as the import reads it, its rows gathered from the batches. */
async function parseImportFile(csv: string): Promise<ParsedImport | { error: string }> {
  const rows: ImportRow[] = [];
  const scan = await scanImportFile(
    async function* () {
      // In small pieces, as a stored file is read back.
      for (let start = 0; start < csv.length; start += 7) yield csv.slice(start, start + 7);
    },
    async (batch) => void rows.push(...batch),
  );
  return "error" in scan ? scan : { ...scan, rows };
}

async function parsed(csv: string): Promise<ParsedImport> {
  const result = await parseImportFile(csv);
  if ("error" in result) throw new Error(result.error);
  return result;
}

/** Bytes as an upload's are checked and read back. */
async function decodeUpload(bytes: Uint8Array) {
  const check = new UploadEncodingCheck();
  for (let start = 0; start < bytes.length; start += 5)
    check.push(bytes.subarray(start, start + 5));
  const encoding = check.finish();
  if (typeof encoding !== "string") return encoding;
  let text = "";
  for await (const piece of decodeText([bytes], encoding)) text += piece;
  return text;
}

const fixture = (name: string) => parsed(readFileSync(path.join(fixtures, name), "utf8"));

/** Each row's address with its newsletter status and whether it is suppressed. */
const statuses = (file: ParsedImport) =>
  Object.fromEntries(
    file.rows.map((row) => [
      row.email,
      `${row.lists.newsletter?.status ?? "no list"}${row.suppression ? " suppressed" : ""}`,
    ]),
  );

describe("reading an export for import", () => {
  it("reads Mailchimp's subscribed export: consent from CONFIRM_TIME, tags to interests", async () => {
    const file = await fixture("mailchimp-subscribed.csv");
    expect(file.mapping.email?.header).toBe("Email Address");
    expect(file.mapping.consentedAt?.header).toBe("CONFIRM_TIME");
    expect(file.rows[0]).toMatchObject({
      line: 2,
      email: "ada@example.com",
      firstName: "Ada",
      lastName: "Lovelace",
      suppression: null,
      lists: {
        newsletter: {
          status: "confirmed",
          statusColumn: "CONFIRM_TIME",
          consentedAt: "2024-03-05T10:22:11.000Z",
          interests: ["book"],
        },
      },
    });
    expect(statuses(file)).toEqual({
      "ada@example.com": "confirmed",
      "grace@example.com": "confirmed",
    });
    expect(file.unknownTags).toEqual(["VIP"]);
  });

  it("keeps Mailchimp's unsubscribed, cleaned and pending exports off the confirmed list", async () => {
    const unsubscribed = await fixture("mailchimp-unsubscribed.csv");
    expect(statuses(unsubscribed)).toEqual({ "left@example.com": "unsubscribed" });
    expect(unsubscribed.rows[0]!.lists.newsletter).toMatchObject({
      statusColumn: "UNSUB_TIME",
      unsubscribedAt: "2024-06-01T12:00:00.000Z",
    });
    const cleaned = await fixture("mailchimp-cleaned.csv");
    expect(statuses(cleaned)).toEqual({ "gone@example.com": "unsubscribed suppressed" });
    expect(cleaned.rows[0]!.suppression).toEqual({
      at: "2024-02-02T02:02:02.000Z",
      reason: "cleaned in the imported file",
      column: "CLEAN_TIME",
    });
    const pending = await fixture("mailchimp-pending.csv");
    expect(statuses(pending)).toEqual({ "waiting@example.com": "pending" });
    expect(pending.rows[0]!.lists.newsletter?.statusColumn).toBe("OPTIN_TIME");
  });

  it("reads Kit's states and Ghost's subscribed_to_emails", async () => {
    expect(statuses(await fixture("kit-subscribers.csv"))).toEqual({
      "kim@example.com": "confirmed",
      "kai@example.com": "unsubscribed",
      "kit@example.com": "unsubscribed",
      "kel@example.com": "unsubscribed suppressed",
      "kip@example.com": "unsubscribed suppressed",
    });
    const ghost = await fixture("ghost-members.csv");
    expect(statuses(ghost)).toEqual({
      "gh@example.com": "confirmed",
      "off@example.com": "unsubscribed",
    });
    expect(ghost.rows[0]).toMatchObject({
      firstName: "Mary",
      lastName: "Ann Evans",
      lists: { newsletter: { interests: ["insights"] } },
    });
  });

  it("reads a semicolon sheet's subscribed column in any spelling of yes and no", async () => {
    const sheet = await fixture("sheet-semicolons.csv");
    expect(sheet.separator).toBe(";");
    expect(sheet.mapping.newsletterStatus?.header).toBe("Subscribed");
    expect(statuses(sheet)).toEqual({
      "ja@example.com": "confirmed",
      "nein@example.com": "unsubscribed",
      "no@example.com": "unsubscribed",
      "false@example.com": "unsubscribed",
      "null@example.com": "unsubscribed",
    });
  });

  it("reads Ghost's newsletters column: none left means unsubscribed", async () => {
    const file = await parsed(
      "email,name,newsletters,created_at\na@example.com,A,Weekly,2024-01-01T00:00:00Z\nb@example.com,B,,2024-01-01T00:00:00Z",
    );
    expect(statuses(file)).toEqual({
      "a@example.com": "confirmed",
      "b@example.com": "unsubscribed",
    });
  });

  it("reads tab-separated UTF-16 text as Excel saves it", async () => {
    const text = "Email\tFirst name\tStatus\nt@example.com\tTess\tsubscribed\n";
    const bytes = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from(text, "utf16le"))]);
    const decoded = await decodeUpload(bytes);
    expect(typeof decoded).toBe("string");
    const file = await parsed(decoded as string);
    expect(file.separator).toBe("\t");
    expect(statuses(file)).toEqual({ "t@example.com": "confirmed" });
  });

  it("reads a file as Windows-1252 when a byte far into it is not UTF-8", async () => {
    const text = `email,first_name\n${"a@example.com,Ann\n".repeat(1000)}z@example.com,Ren\xe9e\n`;
    const file = await parsed((await decodeUpload(Buffer.from(text, "latin1"))) as string);
    expect(file.rows.find((row) => row.email === "z@example.com")).toMatchObject({
      email: "z@example.com",
      firstName: "Renée",
    });
  });

  it("refuses rows with their reasons and lists repeated addresses with what is kept", async () => {
    const file = await parsed(
      [
        "email,first_name,status,created_at",
        "not-an-address,A,subscribed,",
        ",B,subscribed,",
        "c@example.com,C,maybe,",
        "d@example.com,D,subscribed,yesterday",
        "e@example.com,Eve,subscribed,2024-05-01T00:00:00Z",
        "E@Example.com,Evelyn,unsubscribed,",
      ].join("\n"),
    );
    expect(file.refused).toEqual([
      { line: 2, reason: "“not-an-address” is not an email address" },
      { line: 3, reason: "no email address" },
      { line: 4, reason: "unknown status “maybe”" },
      { line: 5, reason: "the created_at “yesterday” is not a date" },
    ]);
    // The first row's name stays; the opt-out of the later row wins.
    expect(file.duplicates).toEqual([
      { line: 7, firstLine: 6, email: "e@example.com", kept: "Eve; newsletter unsubscribed" },
    ]);
    expect(file.rows).toHaveLength(1);
    expect(file.rows[0]).toMatchObject({
      firstName: "Eve",
      lists: { newsletter: { status: "unsubscribed" } },
    });
    expect(file.totalRows).toBe(6);
  });

  it("keeps two addresses apart when the first pass's hashes of them are equal", async () => {
    // Both hash to 234918329: the first pass takes them for a repeat, the rows stay two people.
    const file = await parsed("email,first_name\np2308@example.com,A\np571002@example.com,B\n");
    expect(file.duplicates).toEqual([]);
    expect(file.duplicateCount).toBe(0);
    expect(file.rows.map((row) => row.email)).toEqual(["p2308@example.com", "p571002@example.com"]);
  });

  it("says what is wrong with a file it cannot read", async () => {
    expect(await parseImportFile("")).toEqual({
      error: "The file is empty: it has no header and no rows.",
    });
    expect(await parseImportFile("email,first_name\n\n")).toEqual({
      error: "The file has a header line but no rows of people under it.",
    });
    expect(await parseImportFile("name,phone\nAda,123")).toEqual({
      error: "The file has no email column (Email Address, email or Email).",
    });
    expect(await parseImportFile('email\n"unclosed')).toMatchObject({
      error: expect.stringContaining("not valid CSV"),
    });
    // One cell of 15 MB: refused as soon as the row passes the limit, not read whole.
    expect(
      await parseImportFile(`email,name\na@example.com,"${"x".repeat(15 * 1024 * 1024)}"\n`),
    ).toEqual({
      error: expect.stringContaining("a row longer than 256 KB near line 2"),
    });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(await decodeUpload(png)).toMatchObject({
      error: expect.stringContaining("not a CSV file"),
    });
  });
});
