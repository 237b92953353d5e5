import type { Kysely } from "kysely";

/**
 * The outbox stores which email and its data instead of a rendered body; the worker renders it
 * when it sends, so no request renders React (decision 087). Rows queued before keep their
 * rendered subject and bodies and send as they are.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("outbox_emails").addColumn("template", "text").execute();
  await db.schema.alterTable("outbox_emails").addColumn("template_data", "text").execute();
}
