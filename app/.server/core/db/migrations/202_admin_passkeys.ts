import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("admin_passkeys")
    // The credential id (base64url), as the authenticator names it.
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("public_key", "text", (column) => column.notNull())
    .addColumn("counter", "integer", (column) => column.notNull())
    .addColumn("transports", "text", (column) => column.notNull().defaultTo("[]"))
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("last_used_at", "text")
    .execute();

  // A WebAuthn challenge lives until it is answered once or expires.
  await db.schema
    .createTable("admin_passkey_challenges")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("challenge", "text", (column) => column.notNull())
    .addColumn("purpose", "text", (column) => column.notNull())
    // Registration belongs to the signed-in session that asked.
    .addColumn("session_id", "text")
    .addColumn("expires_at", "text", (column) => column.notNull())
    .addColumn("used_at", "text")
    .execute();
}
