/** The owner's console: sign-in links, sessions and the audit log (migration 201). */
export interface AdminTables {
  admin_sign_in_links: AdminSignInLinkTable;
  admin_sessions: AdminSessionTable;
  admin_audit_log: AdminAuditLogTable;
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
