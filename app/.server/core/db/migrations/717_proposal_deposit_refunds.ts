import type { Kysely } from "kysely";

/**
 * A deposit refunded in Stripe's dashboard (`charge.refunded`, decision 324): how much of it went
 * back (Stripe's running total) and when the last refund was heard of.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("deal_proposals")
    .addColumn("deposit_refunded_cents", "integer")
    .execute();
  await db.schema.alterTable("deal_proposals").addColumn("deposit_refunded_at", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("deal_proposals").dropColumn("deposit_refunded_at").execute();
  await db.schema.alterTable("deal_proposals").dropColumn("deposit_refunded_cents").execute();
}
