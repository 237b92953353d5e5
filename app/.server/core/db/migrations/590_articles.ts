import type { Kysely } from "kysely";

/**
 * Articles written in the console (issue 36, decision 190): the article, every saved revision,
 * the slugs it answered to before (each answers 301), and one version row every instance polls so
 * a publish anywhere reaches every instance's cache within a poll.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("articles")
    .addColumn("id", "text", (column) => column.primaryKey())
    // The slug it is served at; the draft revision may propose another until published.
    .addColumn("slug", "text", (column) => column.notNull().unique())
    // draft | scheduled | published | unpublished | deleted
    .addColumn("state", "text", (column) => column.notNull())
    .addColumn("publish_at", "text")
    .addColumn("published_at", "text")
    .addColumn("draft_revision_id", "text", (column) => column.notNull())
    .addColumn("published_revision_id", "text")
    // Position in the lists (the imported order; new articles come first).
    .addColumn("position", "integer", (column) => column.notNull())
    // The spec's label as written for the imported articles; NULL: derived from the date.
    .addColumn("published_label", "text")
    .addColumn("share_label", "text", (column) => column.notNull().defaultTo("Share"))
    // JSON array of article ids offered as Continue Reading cards.
    .addColumn("continue_reading", "text", (column) => column.notNull().defaultTo("[]"))
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("articles_due")
    .on("articles")
    .columns(["state", "publish_at"])
    .execute();

  await db.schema
    .createTable("article_revisions")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("article_id", "text", (column) => column.notNull())
    .addColumn("number", "integer", (column) => column.notNull())
    // JSON: slug, title, excerpt, category, body (the checked document), cover, SEO, keywords.
    .addColumn("content", "text", (column) => column.notNull())
    .addColumn("author", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("article_revisions_by_article")
    .on("article_revisions")
    .columns(["article_id", "number"])
    .unique()
    .execute();

  await db.schema
    .createTable("article_old_slugs")
    .addColumn("slug", "text", (column) => column.primaryKey())
    .addColumn("article_id", "text", (column) => column.notNull())
    .addColumn("retired_at", "text", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("content_versions")
    .addColumn("name", "text", (column) => column.primaryKey())
    .addColumn("version", "integer", (column) => column.notNull())
    .addColumn("changed_at", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  for (const table of ["content_versions", "article_old_slugs", "article_revisions", "articles"]) {
    await db.schema.dropTable(table).execute();
  }
}
