import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidPurchaseEmail } from "./purchase-rules";
import { z } from "./zod";

// The purchase pages check the address without zod in the browser; the answer must stay zod's.
describe("isValidPurchaseEmail", () => {
  const zodsAnswer = (value: string) => z.email().max(254).safeParse(value.trim()).success;

  it("accepts and refuses what zod's email check does", () => {
    for (const value of [
      "ada@example.com",
      "  ada@example.com ",
      "ada.lovelace+shop@mail.example.co",
      "ada@example",
      "ada@@example.com",
      "@example.com",
      "",
      `${"a".repeat(250)}@example.com`,
    ])
      expect(isValidPurchaseEmail(value), value).toBe(zodsAnswer(value));
  });

  it("agrees with zod on generated addresses and strings", () => {
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), fc.string()), (value) => {
        expect(isValidPurchaseEmail(value)).toBe(zodsAnswer(value));
      }),
    );
  });
});
