import type { Kysely } from "kysely";

/**
 * Issue 36, point 9 (decision 240): a published article sent to a list as a broadcast. The
 * broadcast names its article, and one article goes to one list once: the unique index refuses a
 * second send (publishing again, a double click, a second instance). Letters written in the
 * console name no article; NULLs never collide.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("broadcasts").addColumn("source_article_id", "text").execute();
  await db.schema
    .createIndex("broadcasts_source_article_list")
    .on("broadcasts")
    .columns(["source_article_id", "audience_list"])
    .unique()
    .execute();
}
