import type { Kysely } from "kysely";

/**
 * A balance refunded in Stripe while the deposit stands (decision 266): what went back and when,
 * so the console and the attendee see the balance owed again.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("workshop_registrations")
    .addColumn("balance_refunded_cents", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("workshop_registrations")
    .addColumn("balance_refunded_at", "text")
    .execute();
}
