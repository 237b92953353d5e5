import type { Kysely } from "kysely";

/**
 * A proposal's deposit paid through Stripe Checkout (issue 51 point 3, decision 324): the one
 * session opened for it (one payable at a time) and, once paid, when, how much and by which
 * payment. On the version's row, so erasing a person's proposals erases their deposits too.
 */
export async function up(db: Kysely<unknown>) {
  for (const [column, type] of [
    ["deposit_session_id", "text"],
    ["deposit_session_opened_at", "text"],
    ["deposit_paid_at", "text"],
    ["deposit_paid_cents", "integer"],
    ["deposit_payment_intent_id", "text"],
  ] as const)
    await db.schema.alterTable("deal_proposals").addColumn(column, type).execute();
}

export async function down(db: Kysely<unknown>) {
  for (const column of [
    "deposit_session_id",
    "deposit_session_opened_at",
    "deposit_paid_at",
    "deposit_paid_cents",
    "deposit_payment_intent_id",
  ])
    await db.schema.alterTable("deal_proposals").dropColumn(column).execute();
}
