/** The owner's console: sign-in links, sessions, the audit log (201) and passkeys (202). */
export interface AdminTables {
  admin_sign_in_links: AdminSignInLinkTable;
  admin_sessions: AdminSessionTable;
  admin_audit_log: AdminAuditLogTable;
  admin_passkeys: AdminPasskeyTable;
  admin_passkey_challenges: AdminPasskeyChallengeTable;
}

export interface AdminPasskeyTable {
  /** The credential id (base64url). */
  id: string;
  email: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter, to notice a cloned key. */
  counter: number;
  /** JSON array of transport hints (`internal`, `usb`, ...). */
  transports: string;
  created_at: string;
  last_used_at: string | null;
}

export interface AdminPasskeyChallengeTable {
  id: string;
  challenge: string;
  purpose: "register" | "sign-in";
  session_id: string | null;
  expires_at: string;
  used_at: string | null;
}

export interface AdminSignInLinkTable {
  id: string;
  /** SHA-256 (hex) of the token in the emailed link; the token itself is never stored. */
  token_hash: string;
  /** SHA-256 of the nonce in the asking browser's cookie. */
  browser_nonce_hash: string;
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface AdminSessionTable {
  id: string;
  /** SHA-256 of the session cookie's value. */
  token_hash: string;
  /** The synchronizer token every form of this session carries. */
  csrf_token: string;
  email: string;
  created_at: string;
  /** Moves on each request; the session ends after ADMIN_SESSION_IDLE_MINUTES without one. */
  last_seen_at: string;
  /** The absolute end, fixed at sign-in. */
  expires_at: string;
  revoked_at: string | null;
}

export interface AdminAuditLogTable {
  id: string;
  actor_email: string;
  /** What was done (`inbox.status`, `outbox.retry`, `session.sign-in`, ...). */
  action: string;
  /** The record acted on (a message id, an email id), when there is one. */
  subject: string | null;
  /** JSON object with the particulars (the new status, ...). */
  detail: string;
  created_at: string;
}
