import { describe, expect, it } from "vitest";
import { signNewsletterToken, verifyNewsletterToken } from "./newsletter-links";

const secret = "a-secret-of-sixteen-plus";
const now = new Date("2026-11-21T12:00:00Z");

describe("newsletter link tokens", () => {
  it("round-trips and honours purpose, expiry and the secret", () => {
    const confirm = signNewsletterToken(secret, {
      purpose: "confirm",
      subscriberId: "sub-1",
      expiresAt: new Date(now.getTime() + 1000),
    });
    expect(verifyNewsletterToken(secret, confirm, "confirm", now)).toBe("sub-1");
    expect(verifyNewsletterToken(secret, confirm, "unsubscribe", now)).toBeUndefined();
    expect(
      verifyNewsletterToken("another-secret-entirely", confirm, "confirm", now),
    ).toBeUndefined();
    expect(
      verifyNewsletterToken(secret, confirm, "confirm", new Date(now.getTime() + 1001)),
    ).toBeUndefined();
  });

  it("refuses altered and malformed tokens; unsubscribe tokens do not expire", () => {
    const unsubscribe = signNewsletterToken(secret, { purpose: "unsubscribe", subscriberId: "s" });
    expect(verifyNewsletterToken(secret, unsubscribe, "unsubscribe", new Date(4e12))).toBe("s");
    const [payload, signature] = unsubscribe.split(".");
    const forgedPayload = Buffer.from("unsubscribe.other.0").toString("base64url");
    expect(
      verifyNewsletterToken(secret, `${forgedPayload}.${signature}`, "unsubscribe", now),
    ).toBeUndefined();
    expect(verifyNewsletterToken(secret, `${payload}`, "unsubscribe", now)).toBeUndefined();
    expect(verifyNewsletterToken(secret, "", "unsubscribe", now)).toBeUndefined();
    expect(verifyNewsletterToken(secret, `${unsubscribe}.x`, "unsubscribe", now)).toBeUndefined();
  });
});
