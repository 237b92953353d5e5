import type { Kysely } from "kysely";

/**
 * Which version of a step each reader received (issue 38 point 5, decision 260): a step counts
 * its edits, and each send records the version it went out as. Earlier steps and sends are 1.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("sequence_steps")
    .addColumn("version", "integer", (column) => column.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable("sequence_sends")
    .addColumn("step_version", "integer", (column) => column.notNull().defaultTo(1))
    .execute();
}
