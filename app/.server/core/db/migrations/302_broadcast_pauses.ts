import type { Kysely } from "kysely";

/**
 * Issue 21: a broadcast pauses when its provider refuses it (and says why), its report gives the
 * real start and end, and a delivery refused for its address is counted as bounced.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("broadcasts").addColumn("paused_at", "text").execute();
  await db.schema.alterTable("broadcasts").addColumn("pause_reason", "text").execute();
  // When its first email was queued to go out, and when its last one was settled.
  await db.schema.alterTable("broadcasts").addColumn("started_at", "text").execute();
  await db.schema.alterTable("broadcasts").addColumn("finished_at", "text").execute();
  await db.schema.alterTable("broadcast_deliveries").addColumn("bounced_at", "text").execute();
}
