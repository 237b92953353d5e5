import type { Kysely } from "kysely";
import type { Database } from "../core/db/schema";
import type { WorkshopNotice } from "./workshops-tables";

/**
 * Claims a scheduled email for a registration and cohort start, in the transaction that queues
 * it; false when another instance (or an earlier sweep) has it. Like the booking reminders.
 */
export async function claimNotice(
  trx: Kysely<Database>,
  row: { registration_id: string; notice: WorkshopNotice; due_for: string },
  now: Date,
) {
  const result = await trx
    .insertInto("workshop_notices")
    .values({ ...row, created_at: now.toISOString() })
    .onConflict((conflict) =>
      conflict.columns(["registration_id", "notice", "due_for"]).doNothing(),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
