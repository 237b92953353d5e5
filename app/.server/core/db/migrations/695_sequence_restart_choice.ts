import { sql, type Kysely } from "kysely";

/**
 * What a new trigger does for someone who was in a sequence before (issue 49 point 5): `resume`
 * where they left, `start_over` from the first step, or `none`. The old "Allow restart" started
 * over, so it becomes `start_over`.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("sequences")
    .addColumn("restart", "text", (column) => column.notNull().defaultTo("none"))
    .execute();
  await sql`update sequences set restart = 'start_over' where allow_restart = 1`.execute(db);
  await db.schema.alterTable("sequences").dropColumn("allow_restart").execute();
}
