import { randomUUID } from "node:crypto";
import type {
  AuthenticationResponseJSON,
  WebAuthnCredential,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { Db } from "../core/db/database";
import { siteConfig } from "~/lib/site";
import {
  createAdminSession,
  isAdminEmail,
  revokeAdminSession,
  type AdminSession,
} from "./admin-sessions";
import type { ServiceDeps } from "../core/service-deps";
import { recordAdminAction } from "../core/audit-log";

type PasskeyDeps = Pick<ServiceDeps, "db" | "clock" | "config">;

/** Where the browser runs the ceremony: the relying party is the site's host name. */
export type RelyingParty = { id: string; origin: string };

const challengeLifetimeMs = 5 * 60_000;

/** Loaded on the first ceremony: the library took longer to load than the rest of the server. */
const webAuthn = () => import("@simplewebauthn/server");

async function storeChallenge(
  { db, clock }: PasskeyDeps,
  {
    challenge,
    purpose,
    sessionId,
  }: { challenge: string; purpose: "register" | "sign-in"; sessionId?: string },
) {
  const id = randomUUID();
  await db
    .insertInto("admin_passkey_challenges")
    .values({
      id,
      challenge,
      purpose,
      session_id: sessionId ?? null,
      expires_at: new Date(clock.now().getTime() + challengeLifetimeMs).toISOString(),
    })
    .execute();
  return id;
}

/** Spends a challenge: it answers one response, before it expires. */
async function takeChallenge(
  { db, clock }: PasskeyDeps,
  { id, purpose, sessionId }: { id: string; purpose: "register" | "sign-in"; sessionId?: string },
) {
  const now = clock.now().toISOString();
  let query = db
    .updateTable("admin_passkey_challenges")
    .set({ used_at: now })
    .where("id", "=", id)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now);
  if (sessionId) query = query.where("session_id", "=", sessionId);
  const row = await query.returning("challenge").executeTakeFirst();
  return row?.challenge;
}

export async function listPasskeys(db: Db, email: string) {
  return db
    .selectFrom("admin_passkeys")
    .select(["id", "created_at", "last_used_at"])
    .where("email", "=", email)
    .orderBy("created_at")
    .execute();
}

/** Options for the signed-in admin's browser to create a passkey; the challenge id goes back with the answer. */
export async function passkeyRegistrationOptions(
  deps: PasskeyDeps,
  { session, relyingParty }: { session: AdminSession; relyingParty: RelyingParty },
) {
  const existing = await listPasskeys(deps.db, session.email);
  const { generateRegistrationOptions } = await webAuthn();
  const options = await generateRegistrationOptions({
    rpName: `${siteConfig.brand} console`,
    rpID: relyingParty.id,
    userName: session.email,
    attestationType: "none",
    excludeCredentials: existing.map(({ id }) => ({ id })),
    // A discoverable credential lets the owner sign in without typing the address.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  const challengeId = await storeChallenge(deps, {
    challenge: options.challenge,
    purpose: "register",
    sessionId: session.id,
  });
  return { challengeId, options };
}

export async function registerPasskey(
  deps: PasskeyDeps,
  {
    session,
    relyingParty,
    challengeId,
    response,
  }: {
    session: AdminSession;
    relyingParty: RelyingParty;
    challengeId: string;
    response: RegistrationResponseJSON;
  },
): Promise<"registered" | "refused"> {
  const challenge = await takeChallenge(deps, {
    id: challengeId,
    purpose: "register",
    sessionId: session.id,
  });
  if (!challenge) return "refused";
  const { verifyRegistrationResponse } = await webAuthn();
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: relyingParty.origin,
    expectedRPID: relyingParty.id,
  }).catch(() => undefined);
  if (!verification?.verified) return "refused";
  const { credential } = verification.registrationInfo;
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("admin_passkeys")
      .values({
        id: credential.id,
        email: session.email,
        public_key: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: JSON.stringify(credential.transports ?? []),
        created_at: now.toISOString(),
      })
      .execute();
    await recordAdminAction(trx, {
      actor: session.email,
      action: "passkey.register",
      subject: credential.id,
      now,
    });
  });
  return "registered";
}

export async function removePasskey(
  { db, clock }: PasskeyDeps,
  { session, id }: { session: AdminSession; id: string },
): Promise<"removed" | "not-found"> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom("admin_passkeys")
      .where("id", "=", id)
      .where("email", "=", session.email)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return "not-found";
    await recordAdminAction(trx, {
      actor: session.email,
      action: "passkey.remove",
      subject: id,
      now,
    });
    return "removed";
  });
}

/** Options for signing in with any passkey of this site (the authenticator offers its own). */
export async function passkeySignInOptions(
  deps: PasskeyDeps,
  { relyingParty }: { relyingParty: RelyingParty },
) {
  const { generateAuthenticationOptions } = await webAuthn();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty.id,
    userVerification: "preferred",
  });
  const challengeId = await storeChallenge(deps, {
    challenge: options.challenge,
    purpose: "sign-in",
  });
  return { challengeId, options };
}

export type PasskeySignInResult =
  { outcome: "signed-in"; sessionToken: string } | { outcome: "refused" };

/** Verifies a passkey's answer; a success starts a new session and ends the one the browser had. */
export async function signInWithPasskey(
  deps: PasskeyDeps,
  {
    relyingParty,
    challengeId,
    response,
    previousSessionId,
  }: {
    relyingParty: RelyingParty;
    challengeId: string;
    response: AuthenticationResponseJSON;
    previousSessionId?: string;
  },
): Promise<PasskeySignInResult> {
  const challenge = await takeChallenge(deps, { id: challengeId, purpose: "sign-in" });
  if (!challenge) return { outcome: "refused" };
  const passkey = await deps.db
    .selectFrom("admin_passkeys")
    .selectAll()
    .where("id", "=", response.id)
    .executeTakeFirst();
  if (!passkey || !isAdminEmail(deps.config, passkey.email)) return { outcome: "refused" };
  const { verifyAuthenticationResponse } = await webAuthn();
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: relyingParty.origin,
    expectedRPID: relyingParty.id,
    credential: {
      id: passkey.id,
      publicKey: new Uint8Array(Buffer.from(passkey.public_key, "base64url")),
      counter: passkey.counter,
      transports: JSON.parse(passkey.transports) as WebAuthnCredential["transports"],
    },
  }).catch(() => undefined);
  if (!verification?.verified) return { outcome: "refused" };
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("admin_passkeys")
      .set({ counter: verification.authenticationInfo.newCounter, last_used_at: now.toISOString() })
      .where("id", "=", passkey.id)
      .execute();
    if (previousSessionId) await revokeAdminSession(trx, previousSessionId, now);
    const session = await createAdminSession(trx, {
      email: passkey.email,
      now,
      config: deps.config,
    });
    await recordAdminAction(trx, {
      actor: passkey.email,
      action: "session.sign-in",
      subject: session.id,
      detail: { method: "passkey" },
      now,
    });
    return { outcome: "signed-in", sessionToken: session.token } as const;
  });
}
