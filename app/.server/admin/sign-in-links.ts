import { randomUUID } from "node:crypto";
import { adminSignInLink } from "./emails/admin-sign-in-link";
import { enqueueEmail } from "../mail";
import { emailKey } from "../core/email-key";
import { hitRateLimit } from "../core/rate-limit";
import { whenAnswered } from "../core/after-answer";
import type { ServiceDeps } from "../core/service-deps";
import { createAdminSession, isAdminEmail, revokeAdminSession } from "./admin-sessions";
import { recordAdminAction } from "../core/audit-log";
import { hashSecretToken, newSecretToken } from "./secret-token";

export const signInVerifyPath = "/admin/sign-in/verify";

export type SignInRequestResult =
  | { outcome: "accepted"; browserNonce: string }
  | { outcome: "rate-limited"; retryAfterSeconds: number };

/**
 * Emails a one-time link when `email` is an admin's. The caller answers the same either way and
 * sets `browserNonce` in a cookie: the link signs in only the browser holding it. The link is
 * rendered and stored after the answer, so its time does not tell an owner's address (issue 20).
 */
export async function requestAdminSignInLink(
  deps: ServiceDeps,
  { email, clientAddress }: { email: string; clientAddress: string },
): Promise<SignInRequestResult> {
  const { db, clock, config } = deps;
  const now = clock.now();
  if (config.ADMIN_SIGN_IN_RATE_LIMIT > 0) {
    const decision = await hitRateLimit(db, {
      bucket: "admin-sign-in",
      keys: [clientAddress],
      limit: config.ADMIN_SIGN_IN_RATE_LIMIT,
      windowMs: 15 * 60_000,
      now,
    });
    if (!decision.allowed) return { outcome: "rate-limited", ...decision };
  }
  const browserNonce = newSecretToken();
  if (isAdminEmail(config, email)) {
    await whenAnswered(deps, "sign-in link", () =>
      emailSignInLink(deps, { email, browserNonce, now }),
    );
  }
  return { outcome: "accepted", browserNonce };
}

async function emailSignInLink(
  { db, config, outbox }: ServiceDeps,
  { email, browserNonce, now }: { email: string; browserNonce: string; now: Date },
) {
  const token = newSecretToken();
  const link = `${config.SITE_URL}${signInVerifyPath}?token=${token}`;
  const content = adminSignInLink({ link, validMinutes: config.ADMIN_LINK_TTL_MINUTES });
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("admin_sign_in_links")
      .values({
        id: randomUUID(),
        token_hash: hashSecretToken(token),
        browser_nonce_hash: hashSecretToken(browserNonce),
        email: emailKey(email),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + config.ADMIN_LINK_TTL_MINUTES * 60_000).toISOString(),
      })
      .execute();
    await enqueueEmail(
      trx,
      { purpose: "admin.sign-in-link", to: email.trim(), from: config.MAIL_FROM, ...content },
      { now },
    );
  });
  outbox.wake();
}

export type RedeemResult = { outcome: "signed-in"; sessionToken: string } | { outcome: "refused" };

/**
 * Spends a link: unknown, used, expired or opened in another browser, it is refused. A success
 * ends the session the browser had (rotation) and starts a new one.
 */
export async function redeemAdminSignInLink(
  { db, clock, config }: ServiceDeps,
  {
    token,
    browserNonce,
    previousSessionId,
  }: { token: string; browserNonce: string | undefined; previousSessionId?: string },
): Promise<RedeemResult> {
  if (!token || !browserNonce) return { outcome: "refused" };
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    // Marking it used in the same statement that checks it: two redemptions cannot both win.
    const link = await trx
      .updateTable("admin_sign_in_links")
      .set({ used_at: now.toISOString() })
      .where("token_hash", "=", hashSecretToken(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", now.toISOString())
      .where("browser_nonce_hash", "=", hashSecretToken(browserNonce))
      .returning(["email"])
      .executeTakeFirst();
    if (!link || !isAdminEmail(config, link.email)) return { outcome: "refused" } as const;
    if (previousSessionId) await revokeAdminSession(trx, previousSessionId, now);
    const session = await createAdminSession(trx, { email: link.email, now, config });
    await recordAdminAction(trx, {
      actor: link.email,
      action: "session.sign-in",
      subject: session.id,
      detail: { method: "email-link" },
      now,
    });
    return { outcome: "signed-in", sessionToken: session.token } as const;
  });
}
