import type { Kysely } from "kysely";

/**
 * What an erasure keeps of the person (issue 35): a keyed hash of their normalised address and
 * the day, so an old export or a stranger's signup cannot put them back on a list without their
 * own new double opt-in. The address itself cannot be read back from the hash.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("erased_addresses")
    .addColumn("address_hash", "text", (column) => column.primaryKey())
    .addColumn("erased_at", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("erased_addresses").execute();
}
