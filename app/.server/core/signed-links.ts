import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Tokens for links sent by email (confirm or leave a list, download the book): the subject
 * (a record id), what the link is for and when it expires, signed with HMAC-SHA256 so a changed
 * character makes it invalid. The record the subject names decides whether it was revoked.
 * `waitlist-confirm` is the waitlist's purpose before lists shared one (links still in inboxes).
 */
export type SignedLinkPurpose =
  | "book-download"
  | "guide-reader"
  | "list-confirm"
  | "list-unsubscribe"
  | "waitlist-confirm"
  | "form-start"
  | "booking-confirm"
  | "booking-order"
  | "booking-invite"
  | "booking-reschedule"
  | "booking-cancel"
  | "workshop-offer"
  | "workshop-cancel"
  | "workshop-balance"
  | "deal-proposal";

export type VerifiedLink =
  | { ok: true; subject: string; expiresAt: Date | null }
  | { ok: false; reason: "invalid" | "expired" };

function signature(secret: string, payload: string) {
  return createHmac("sha256", secret).update(payload).digest("base64url");
}

export function signLink(
  secret: string,
  purpose: SignedLinkPurpose,
  subject: string,
  /** null: the link never expires (an unsubscribe link must work in any old email). */
  expiresAt: Date | null,
): string {
  const expiry = expiresAt ? Math.floor(expiresAt.getTime() / 1000) : 0;
  const payload = Buffer.from(JSON.stringify({ p: purpose, s: subject, e: expiry })).toString(
    "base64url",
  );
  return `${payload}.${signature(secret, `${purpose}:${payload}`)}`;
}

export function verifyLink(
  secret: string,
  purpose: SignedLinkPurpose,
  token: string,
  now: Date,
): VerifiedLink {
  const [payload, given, extra] = token.split(".");
  if (!payload || !given || extra !== undefined) return { ok: false, reason: "invalid" };
  const expected = Buffer.from(signature(secret, `${purpose}:${payload}`));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    return { ok: false, reason: "invalid" };
  }
  let claims: { p?: unknown; s?: unknown; e?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (claims.p !== purpose || typeof claims.s !== "string" || typeof claims.e !== "number") {
    return { ok: false, reason: "invalid" };
  }
  const expiresAt = claims.e === 0 ? null : new Date(claims.e * 1000);
  if (expiresAt && expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, subject: claims.s, expiresAt };
}
