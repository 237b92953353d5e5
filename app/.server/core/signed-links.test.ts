import { describe, expect, it } from "vitest";
import { signLink, verifyLink } from "./signed-links";

const secret = "a-secret-of-enough-length";
const now = new Date("2026-11-21T12:00:00Z");
const later = new Date("2026-11-22T12:00:00Z");

describe("signed links", () => {
  it("round-trips the subject until the expiry", () => {
    const token = signLink(secret, "book-download", "link-1", later);
    expect(verifyLink(secret, "book-download", token, now)).toEqual({
      ok: true,
      subject: "link-1",
      expiresAt: later,
    });
    expect(verifyLink(secret, "book-download", token, later)).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("refuses another purpose, another secret, and any changed character", () => {
    const token = signLink(secret, "waitlist-confirm", "signup-1", later);
    const invalid = { ok: false, reason: "invalid" };
    expect(verifyLink(secret, "book-download", token, now)).toEqual(invalid);
    expect(verifyLink("another-secret-of-length", "waitlist-confirm", token, now)).toEqual(invalid);
    const [payload, signature] = token.split(".") as [string, string];
    const forged = Buffer.from(
      JSON.stringify({ p: "waitlist-confirm", s: "signup-2", e: 1 << 30 }),
    );
    expect(
      verifyLink(secret, "waitlist-confirm", `${forged.toString("base64url")}.${signature}`, now),
    ).toEqual(invalid);
    expect(verifyLink(secret, "waitlist-confirm", `${payload}x.${signature}`, now)).toEqual(
      invalid,
    );
    expect(verifyLink(secret, "waitlist-confirm", `${payload}.${signature}.x`, now)).toEqual(
      invalid,
    );
    expect(verifyLink(secret, "waitlist-confirm", "", now)).toEqual(invalid);
  });
});
