import { createHmac, timingSafeEqual } from "node:crypto";

/** `broadcast-unsubscribe` tokens name a broadcast delivery (the person and the list it went to). */
export type NewsletterLinkPurpose = "confirm" | "unsubscribe" | "broadcast-unsubscribe";

/** How long a confirmation link works; unsubscribe links never expire. */
export const confirmationLinkDays = 7;

function signature(secret: string, payload: string) {
  return createHmac("sha256", secret).update(payload).digest("base64url");
}

/**
 * A tamper-proof token for a newsletter link: `base64url(purpose.subscriberId.expiry).signature`
 * (HMAC-SHA256 with NEWSLETTER_LINK_SECRET). Expiry 0 means it does not expire.
 */
export function signNewsletterToken(
  secret: string,
  {
    purpose,
    subscriberId,
    expiresAt,
  }: {
    purpose: NewsletterLinkPurpose;
    subscriberId: string;
    expiresAt?: Date;
  },
) {
  const payload = Buffer.from(
    `${purpose}.${subscriberId}.${expiresAt ? expiresAt.getTime() : 0}`,
  ).toString("base64url");
  return `${payload}.${signature(secret, payload)}`;
}

/** The subscriber id a token names, or undefined when it is forged, altered, expired or for another purpose. */
export function verifyNewsletterToken(
  secret: string,
  token: string,
  purpose: NewsletterLinkPurpose,
  now: Date,
): string | undefined {
  const [payload, given, extra] = token.split(".");
  if (!payload || !given || extra !== undefined) return undefined;
  const expected = Buffer.from(signature(secret, payload));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  const [tokenPurpose, subscriberId, expiry] = Buffer.from(payload, "base64url")
    .toString("utf8")
    .split(".");
  if (tokenPurpose !== purpose || !subscriberId) return undefined;
  const expiresAt = Number(expiry);
  if (!Number.isFinite(expiresAt) || (expiresAt !== 0 && expiresAt < now.getTime()))
    return undefined;
  return subscriberId;
}

/** RFC 2369 and RFC 8058 headers: mail clients show an Unsubscribe button that POSTs to us. */
export function listUnsubscribeHeaders(unsubscribeUrl: string) {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
