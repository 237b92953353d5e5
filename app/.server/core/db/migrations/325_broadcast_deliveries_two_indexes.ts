import { sql, type Kysely } from "kysely";

/**
 * Queueing a broadcast writes a delivery per reader and every index of it per row: of the four,
 * two were redundant (issue 21, decision 078). A delivery's id equals its outbox email's id
 * (`broadcast_person`, since deterministic ids), so readers find it by the primary key; a
 * person's deliveries are read broadcast by broadcast through the `(broadcast_id, person_id)` key.
 */
export async function up(db: Kysely<unknown>) {
  // Rows queued before deterministic ids whose email never went out take that email's id, so the
  // lookup by id still finds them; no unsubscribe link carries their old id (links are made as
  // an email is sent).
  await sql`
    UPDATE broadcast_deliveries SET id = outbox_email_id
    WHERE id <> outbox_email_id
      AND outbox_email_id IN (
        SELECT id FROM outbox_emails WHERE status IN ('pending', 'held', 'failed')
      )
  `.execute(db);
  await db.schema.dropIndex("broadcast_deliveries_outbox").execute();
  await db.schema.dropIndex("broadcast_deliveries_person").execute();
}
