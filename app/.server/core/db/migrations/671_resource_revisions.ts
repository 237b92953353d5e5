import { sql, type Kysely } from "kysely";

/**
 * Every save of a guide or practice kept (issue 36 point 3, decision 272): a numbered revision per
 * save, and which one is live. A resource saved before this gets its draft as revision 1, and its
 * published copy as an earlier revision when the two differ.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("resource_revisions")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("resource_id", "text", (column) => column.notNull())
    .addColumn("number", "integer", (column) => column.notNull())
    .addColumn("content", "text", (column) => column.notNull())
    .addColumn("author", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("resource_revisions_resource_number")
    .on("resource_revisions")
    .columns(["resource_id", "number"])
    .unique()
    .execute();
  await db.schema.alterTable("resources").addColumn("published_revision", "integer").execute();
  // Saved before revisions: the live copy first (when it differs), then the draft.
  await sql`
    INSERT INTO resource_revisions (id, resource_id, number, content, author, created_at)
    SELECT id || ':1', id, 1, published, 'before revisions', COALESCE(published_at, created_at)
    FROM resources WHERE published IS NOT NULL AND published <> draft`.execute(db);
  await sql`
    INSERT INTO resource_revisions (id, resource_id, number, content, author, created_at)
    SELECT id || ':2', id, CASE WHEN published IS NOT NULL AND published <> draft THEN 2 ELSE 1 END,
      draft, 'before revisions', updated_at
    FROM resources`.execute(db);
  await sql`UPDATE resources SET published_revision = 1 WHERE published IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("resources").dropColumn("published_revision").execute();
  await db.schema.dropTable("resource_revisions").execute();
}
