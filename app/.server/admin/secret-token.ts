import { createHash, randomBytes } from "node:crypto";

/** A random, URL-safe secret (256 bits): sign-in link tokens, browser nonces, session ids. */
export function newSecretToken() {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps instead of a secret: a leaked table does not sign anyone in. */
export function hashSecretToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}
