import { describe, expect, it } from "vitest";
import { parseImportFile, type ParsedImport } from "./import-file";

function parsed(csv: string): ParsedImport {
  const result = parseImportFile(csv);
  if ("error" in result) throw new Error(result.error);
  return result;
}

describe("reading an export for import", () => {
  it("reads a Mailchimp export: consent from CONFIRM_TIME, tags to interests", () => {
    const file = parsed(
      [
        '"Email Address","First Name","Last Name",OPTIN_TIME,CONFIRM_TIME,TAGS',
        'ada@example.com,Ada,Lovelace,"2024-03-05 10:00:00","2024-03-05 10:22:11","""Book updates and exclusive content"",""VIP"""',
        "grace@example.com,Grace,Hopper,,,",
      ].join("\n"),
    );
    expect(file.mapping.email?.header).toBe("Email Address");
    expect(file.mapping.consentedAt?.header).toBe("CONFIRM_TIME");
    expect(file.rows).toEqual([
      {
        line: 2,
        email: "ada@example.com",
        firstName: "Ada",
        lastName: "Lovelace",
        consent: "confirmed",
        consentedAt: "2024-03-05T10:22:11.000Z",
        interests: ["book"],
      },
      {
        line: 3,
        email: "grace@example.com",
        firstName: "Grace",
        lastName: "Hopper",
        consent: "none",
        consentedAt: null,
        interests: [],
      },
    ]);
    expect(file.unknownTags).toEqual(["VIP"]);
  });

  it("reads Kit's status and Ghost's subscribed_to_emails and full name", () => {
    const kit = parsed(
      "email,first_name,status,tags,created_at\nkit@example.com,Kit,cancelled,training,2024-01-01T00:00:00Z",
    );
    expect(kit.rows[0]).toMatchObject({ consent: "unsubscribed", interests: ["training"] });
    const ghost = parsed(
      "id,email,name,subscribed_to_emails,labels,created_at\n1,gh@example.com,Mary Ann Evans,true,insights,2024-02-01T00:00:00.000Z",
    );
    expect(ghost.rows[0]).toMatchObject({
      firstName: "Mary",
      lastName: "Ann Evans",
      consent: "confirmed",
      consentedAt: "2024-02-01T00:00:00.000Z",
      interests: ["insights"],
    });
  });

  it("refuses rows with their reasons and merges rows of one address", () => {
    const file = parsed(
      [
        "email,first_name,status,created_at",
        "not-an-address,A,subscribed,",
        ",B,subscribed,",
        "c@example.com,C,maybe,",
        "d@example.com,D,subscribed,yesterday",
        "e@example.com,E,pending,",
        "E@Example.com,Eve,subscribed,2024-05-01T00:00:00Z",
      ].join("\n"),
    );
    expect(file.refused).toEqual([
      { line: 2, reason: "“not-an-address” is not an email address" },
      { line: 3, reason: "no email address" },
      { line: 4, reason: "unknown status “maybe”" },
      { line: 5, reason: "the consent time “yesterday” is not a date" },
    ]);
    expect(file.duplicates).toBe(1);
    expect(file.rows).toEqual([
      {
        line: 6,
        email: "e@example.com",
        firstName: "Eve",
        lastName: null,
        consent: "confirmed",
        consentedAt: "2024-05-01T00:00:00.000Z",
        interests: [],
      },
    ]);
    expect(file.totalRows).toBe(6);
  });

  it("says what is wrong with a file it cannot read", () => {
    expect(parseImportFile("")).toEqual({ error: "The file is empty." });
    expect(parseImportFile("name,phone\nAda,123")).toEqual({
      error: "The file has no email column (Email Address, email or Email).",
    });
    expect(parseImportFile('email\n"unclosed')).toMatchObject({
      error: expect.stringContaining("not valid CSV"),
    });
  });
});
