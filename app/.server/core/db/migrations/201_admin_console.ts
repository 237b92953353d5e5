import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>) {
  // One-time sign-in links: only the token's SHA-256 is stored, with the hash of the nonce held in
  // the cookie of the browser that asked, so a link works once, briefly, and only in that browser.
  await db.schema
    .createTable("admin_sign_in_links")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("token_hash", "text", (column) => column.notNull().unique())
    .addColumn("browser_nonce_hash", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("expires_at", "text", (column) => column.notNull())
    .addColumn("used_at", "text")
    .execute();

  await db.schema
    .createTable("admin_sessions")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("token_hash", "text", (column) => column.notNull().unique())
    .addColumn("csrf_token", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("last_seen_at", "text", (column) => column.notNull())
    .addColumn("expires_at", "text", (column) => column.notNull())
    .addColumn("revoked_at", "text")
    .execute();

  await db.schema
    .createTable("admin_audit_log")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("actor_email", "text", (column) => column.notNull())
    .addColumn("action", "text", (column) => column.notNull())
    .addColumn("subject", "text")
    .addColumn("detail", "text", (column) => column.notNull().defaultTo("{}"))
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("admin_audit_log_created")
    .on("admin_audit_log")
    .column("created_at")
    .execute();

  // The inbox works each message from new to replied to archived.
  await db.schema
    .alterTable("contact_messages")
    .addColumn("status", "text", (column) => column.notNull().defaultTo("new"))
    .execute();
  await db.schema.alterTable("contact_messages").addColumn("status_changed_at", "text").execute();
  await db.schema
    .createIndex("contact_messages_status")
    .on("contact_messages")
    .columns(["status", "created_at"])
    .execute();
}
