import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { AppConfig } from "../core/config";
import type { Database } from "../core/db/schema";
import { emailKey } from "../core/email-key";
import type { ServiceDeps } from "../core/service-deps";
import { recordAdminAction } from "../core/audit-log";
import { hashSecretToken, newSecretToken } from "./secret-token";

export type AdminSession = { id: string; email: string; csrfToken: string };

type SessionDeps = Pick<ServiceDeps, "db" | "clock" | "config">;

/** Starts a session; the returned token goes in the cookie and nowhere else. */
export async function createAdminSession(
  trx: Kysely<Database>,
  { email, now, config }: { email: string; now: Date; config: AppConfig },
) {
  const token = newSecretToken();
  const id = randomUUID();
  await trx
    .insertInto("admin_sessions")
    .values({
      id,
      token_hash: hashSecretToken(token),
      csrf_token: newSecretToken(),
      email,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(
        now.getTime() + config.ADMIN_SESSION_MAX_HOURS * 3_600_000,
      ).toISOString(),
    })
    .execute();
  return { id, token };
}

/**
 * The live session the cookie names, or undefined when it is unknown, revoked, past its absolute
 * end or idle too long. Each use moves the idle deadline on.
 */
export async function findAdminSession(
  { db, clock, config }: SessionDeps,
  token: string | undefined,
): Promise<AdminSession | undefined> {
  if (!token) return undefined;
  const now = clock.now();
  const row = await db
    .selectFrom("admin_sessions")
    .select(["id", "email", "csrf_token", "last_seen_at", "expires_at", "revoked_at"])
    .where("token_hash", "=", hashSecretToken(token))
    .executeTakeFirst();
  if (!row || row.revoked_at) return undefined;
  const idleDeadline =
    new Date(row.last_seen_at).getTime() + config.ADMIN_SESSION_IDLE_MINUTES * 60_000;
  if (now.toISOString() >= row.expires_at || now.getTime() >= idleDeadline) return undefined;
  // Admins are allowed per setting: a session outlives no removal from ADMIN_EMAILS.
  if (!isAdminEmail(config, row.email)) return undefined;
  await db
    .updateTable("admin_sessions")
    .set({ last_seen_at: now.toISOString() })
    .where("id", "=", row.id)
    .execute();
  return { id: row.id, email: row.email, csrfToken: row.csrf_token };
}

export async function revokeAdminSession(trx: Kysely<Database>, id: string, now: Date) {
  await trx
    .updateTable("admin_sessions")
    .set({ revoked_at: now.toISOString() })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .execute();
}

export function isAdminEmail(config: AppConfig, email: string) {
  const allowed =
    config.ADMIN_EMAILS.length > 0 ? config.ADMIN_EMAILS : [emailKey(config.OWNER_EMAIL)];
  return allowed.includes(emailKey(email));
}

/** Ends the session for good; the audit log says who left when. */
export async function signOutAdmin({ db, clock }: SessionDeps, session: AdminSession) {
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    await revokeAdminSession(trx, session.id, now);
    await recordAdminAction(trx, {
      actor: session.email,
      action: "session.sign-out",
      subject: session.id,
      now,
    });
  });
}
