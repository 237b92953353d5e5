import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Database } from "../core/db/schema";

/**
 * A cohort's seats are two counters on its row, `held` (a Checkout session or a waiting-list
 * offer keeps it) and `sold`, changed only by the conditional UPDATEs below. Each one is a single
 * statement that re-checks `held + sold < seats` under the row's write lock: Postgres re-reads the
 * row after a concurrent writer commits, SQLite has one writer (BEGIN IMMEDIATE). Thirty
 * visitors racing for the last two seats get exactly two `true`s. The table's CHECK refuses an
 * oversold row whatever the code does.
 */

/** Keeps a free seat (a new checkout). False: the cohort is full. */
export async function holdFreeSeat(trx: Kysely<Database>, eventId: string) {
  const changed = await trx
    .updateTable("workshop_events")
    .set((eb) => ({ held: eb("held", "+", 1) }))
    .where("id", "=", eventId)
    .where("seats", "is not", null)
    .where(sql<boolean>`held + sold < seats`)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) === 1;
}

/** A held seat is paid for. */
export async function sellHeldSeat(trx: Kysely<Database>, eventId: string) {
  const changed = await trx
    .updateTable("workshop_events")
    .set((eb) => ({ held: eb("held", "-", 1), sold: eb("sold", "+", 1) }))
    .where("id", "=", eventId)
    .where("held", ">", 0)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) throw new Error(`No held seat on ${eventId} to sell`);
}

/** A payment whose hold had lapsed takes a free seat if one is left. */
export async function sellFreeSeat(trx: Kysely<Database>, eventId: string) {
  const changed = await trx
    .updateTable("workshop_events")
    .set((eb) => ({ sold: eb("sold", "+", 1) }))
    .where("id", "=", eventId)
    .where(sql<boolean>`held + sold < seats`)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) === 1;
}

/** A held seat goes back to the public. */
export async function releaseHeldSeat(trx: Kysely<Database>, eventId: string) {
  await trx
    .updateTable("workshop_events")
    .set((eb) => ({ held: eb("held", "-", 1) }))
    .where("id", "=", eventId)
    .where("held", ">", 0)
    .execute();
}

/** A sold seat is given back (a refund). */
export async function releaseSoldSeat(trx: Kysely<Database>, eventId: string) {
  await trx
    .updateTable("workshop_events")
    .set((eb) => ({ sold: eb("sold", "-", 1) }))
    .where("id", "=", eventId)
    .where("sold", ">", 0)
    .execute();
}

/**
 * The cohort's lock, for work that reads the waiting list and moves a seat in one decision
 * (automatic and manual promotion alike): Postgres locks the cohort's row until the transaction
 * ends; SQLite's transaction already holds the one write lock from its BEGIN IMMEDIATE.
 */
export async function lockCohort(trx: Kysely<Database>, eventId: string) {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select id from workshop_events where id = ${eventId} for update`.execute(trx);
  }
}
