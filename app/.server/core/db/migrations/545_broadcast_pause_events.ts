import type { Kysely } from "kysely";

/**
 * Issue 34: a broadcast's history outlives it. Every pause is a row (when, why, of what kind,
 * how it ended and by whom), every refused attempt of a broadcast email is a row (its class,
 * code and what the engine did), and an email once marked "may not have gone out" keeps the mark
 * after it is sent again. Rows are only added or closed, never overwritten.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("broadcast_pause_events")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("broadcast_id", "text", (column) => column.notNull())
    .addColumn("paused_at", "text", (column) => column.notNull())
    // block (a policy refusal: only the owner resumes), burst (refusals past the share),
    // temporary (4xx refusals that persisted after back-off: a probe resumes it).
    .addColumn("cause", "text", (column) => column.notNull())
    .addColumn("reason", "text", (column) => column.notNull())
    .addColumn("refusal_class", "text")
    .addColumn("refusal_code", "text")
    .addColumn("ended_at", "text")
    // The owner's address, "probe" (resumed by itself), "cancelled" or "block".
    .addColumn("ended_by", "text")
    .addColumn("probe_email_id", "text")
    .addColumn("next_probe_at", "text")
    .addColumn("probes", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("broadcast_pause_events_broadcast")
    .on("broadcast_pause_events")
    .columns(["broadcast_id", "paused_at"])
    .execute();
  await db.schema
    .createTable("broadcast_refusals")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("broadcast_id", "text", (column) => column.notNull())
    .addColumn("email_id", "text", (column) => column.notNull())
    .addColumn("refused_at", "text", (column) => column.notNull())
    .addColumn("refusal_class", "text", (column) => column.notNull())
    // `452 4.3.1`, `421`, or null for a connection lost without a reply.
    .addColumn("code", "text")
    // retried, held, bounced or failed.
    .addColumn("outcome", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("broadcast_refusals_broadcast")
    .on("broadcast_refusals")
    .column("broadcast_id")
    .execute();
  await db.schema.alterTable("outbox_emails").addColumn("uncertain_at", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("outbox_emails").dropColumn("uncertain_at").execute();
  await db.schema.dropTable("broadcast_refusals").execute();
  await db.schema.dropTable("broadcast_pause_events").execute();
}
