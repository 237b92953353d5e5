import type { Kysely } from "kysely";

/**
 * The first name and time zone a signup gave, kept with its membership until the emailed link
 * confirms it (decision 307): a signup alone never changes a person already known.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("list_memberships").addColumn("signup_first_name", "text").execute();
  await db.schema.alterTable("list_memberships").addColumn("signup_time_zone", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("list_memberships").dropColumn("signup_time_zone").execute();
  await db.schema.alterTable("list_memberships").dropColumn("signup_first_name").execute();
}
