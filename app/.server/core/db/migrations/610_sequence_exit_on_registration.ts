import type { Kysely } from "kysely";

/**
 * A sequence may end for a reader who registers for a workshop (issue 38, decision 210), as it
 * may on a purchase or a booking.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("sequences")
    .addColumn("exit_on_registration", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
}
