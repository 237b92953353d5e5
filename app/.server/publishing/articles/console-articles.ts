import type { Db } from "../../core/db/database";
import { articlePlainText } from "~/lib/article-document";
import { readArticleContent, type ArticleContent } from "./article-content";
import type { ArticleState } from "../publishing-tables";
import { diffRevisionPair, type DiffLine } from "../revision-diff";

export type ConsoleArticleRow = {
  id: string;
  title: string;
  slug: string;
  state: ArticleState;
  publishAt: string | null;
  publishedAt: string | null;
  updatedAt: string;
  /** The draft differs from what is live. */
  unpublishedChanges: boolean;
};

/** The console's list: every article but the deleted, most recently changed first. */
export async function listConsoleArticles(db: Db): Promise<ConsoleArticleRow[]> {
  const rows = await db
    .selectFrom("articles")
    .innerJoin("article_revisions", "article_revisions.id", "articles.draft_revision_id")
    .select([
      "articles.id",
      "articles.slug",
      "articles.state",
      "articles.publish_at",
      "articles.published_at",
      "articles.updated_at",
      "articles.draft_revision_id",
      "articles.published_revision_id",
      "article_revisions.content",
    ])
    .where("articles.state", "!=", "deleted")
    .orderBy("articles.updated_at", "desc")
    .orderBy("articles.position")
    .execute();
  return rows.map((row) => {
    const content = readArticleContent(row.content);
    return {
      id: row.id,
      title: content.title || "(untitled)",
      slug: row.slug,
      state: row.state,
      publishAt: row.publish_at,
      publishedAt: row.published_at,
      updatedAt: row.updated_at,
      unpublishedChanges:
        row.published_revision_id !== null && row.published_revision_id !== row.draft_revision_id,
    };
  });
}

export type ConsoleArticle = {
  id: string;
  slug: string;
  state: ArticleState;
  publishAt: string | null;
  publishedAt: string | null;
  draft: ArticleContent;
  draftRevision: number;
  publishedRevision: number | null;
  revisions: { number: number; author: string; createdAt: string; title: string }[];
};

/** One article for the editor: its draft, what is live, every revision (newest first). */
export async function consoleArticle(db: Db, id: string): Promise<ConsoleArticle | undefined> {
  const article = await db
    .selectFrom("articles")
    .selectAll()
    .where("id", "=", id)
    .where("state", "!=", "deleted")
    .executeTakeFirst();
  if (!article) return undefined;
  const revisions = await db
    .selectFrom("article_revisions")
    .select(["id", "number", "author", "created_at", "content"])
    .where("article_id", "=", id)
    .orderBy("number", "desc")
    .execute();
  const draft = revisions.find((revision) => revision.id === article.draft_revision_id)!;
  const published = revisions.find((revision) => revision.id === article.published_revision_id);
  return {
    id,
    slug: article.slug,
    state: article.state,
    publishAt: article.publish_at,
    publishedAt: article.published_at,
    draft: readArticleContent(draft.content),
    draftRevision: draft.number,
    publishedRevision: published?.number ?? null,
    revisions: revisions.map((revision) => ({
      number: revision.number,
      author: revision.author,
      createdAt: revision.created_at,
      title: readArticleContent(revision.content).title,
    })),
  };
}

function revisionText(content: ArticleContent) {
  return [
    `Title: ${content.title}`,
    `Address: /articles/${content.slug}`,
    `Excerpt: ${content.excerpt}`,
    `Category: ${content.category}`,
    ...(content.coverImage ? [`Cover: ${content.coverImage} (${content.coverAlt ?? ""})`] : []),
    "",
    ...articlePlainText(content.body).split("\n"),
  ];
}

/** What changed between two revisions of an article, line by line. */
export async function revisionDiff(
  db: Db,
  { id, from, to }: { id: string; from: number; to: number },
): Promise<DiffLine[] | undefined> {
  const rows = await db
    .selectFrom("article_revisions")
    .select(["number", "content"])
    .where("article_id", "=", id)
    .where("number", "in", [from, to])
    .execute();
  return diffRevisionPair(rows, { from, to }, (content) =>
    revisionText(readArticleContent(content)),
  );
}
