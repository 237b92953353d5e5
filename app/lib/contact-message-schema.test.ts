import { describe, expect, it } from "vitest";
import { contactMessageSchema, interestFromQuery } from "./contact-message-schema";

const valid = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  message: "Hello",
};

describe("contactMessageSchema", () => {
  it("defaults the interest to General Inquiry and drops an empty company", () => {
    expect(contactMessageSchema.parse({ ...valid, company: "  " })).toEqual({
      ...valid,
      interest: "General Inquiry",
      company: undefined,
    });
  });

  it("refuses missing, oversized, mistyped and marked-up fields with their own messages", () => {
    const issues = (input: unknown) =>
      contactMessageSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues({ ...valid, firstName: undefined })).toEqual(["First name is required"]);
    expect(issues({ ...valid, lastName: 7 })).toEqual(["Last name must be text"]);
    expect(issues({ ...valid, message: "x".repeat(5001) })).toEqual([
      "Message must be at most 5000 characters",
    ]);
    expect(issues({ ...valid, company: "<b>Acme</b>" })).toEqual(["Company must not contain HTML"]);
    expect(issues({ ...valid, message: "see javascript:alert(1)" })).toEqual([
      "Message must not contain HTML",
    ]);
    expect(issues({ ...valid, interest: "Lunch" })[0]).toMatch(/^Interest must be one of/);
    expect(issues({ ...valid, firstName: "Ada\r\nBcc: x@example.com" })).toContain(
      "First name must be a single line",
    );
    expect(issues({ ...valid, lastName: "Verify at evil.example.com" })).toEqual([
      "Last name must not contain a link or an email address",
    ]);
    expect(issues({ ...valid, message: "Line one\nLine two" })).toEqual([]);
    // Angle brackets that are not markup are fine in a message.
    expect(issues({ ...valid, message: "Budget < 5k and team > 10" })).toEqual([]);
  });
});

describe("interestFromQuery", () => {
  it("decodes the query value and matches it to a known interest", () => {
    expect(interestFromQuery("Private Consulting")).toBe("Private Consulting");
    expect(interestFromQuery("Private%20Consulting")).toBe("Private Consulting");
    expect(interestFromQuery("private+consulting")).toBe("Private Consulting");
    expect(interestFromQuery("Something else")).toBe("General Inquiry");
    expect(interestFromQuery("%E0%A4%A")).toBe("General Inquiry");
    expect(interestFromQuery(null)).toBe("General Inquiry");
  });
});
