import type { Db } from "../../core/db/database";
import { articlePath, type Article, type ArticleTeaser } from "~/content/articles";
import { readingMinutes, renderArticleHtml } from "~/lib/article-document";
import { readArticleContent, type ArticleContent } from "./article-content";
import { articlesVersionName } from "./article-store";

const dateLabel = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

type ArticleRow = {
  id: string;
  slug: string;
  published_at: string | null;
  published_label: string | null;
  share_label: string;
  continue_reading: string;
  content: string;
};

/** An article as the public pages show it (the published revision, or a draft in preview). */
export type PublicArticle = Article & {
  id: string;
  cover: { src: string; alt: string } | null;
  seoTitle: string | null;
  seoDescription: string | null;
  /** ISO time of the first publication (now, for a preview). */
  publishedAt: string;
  /** The body's text, for the feed. */
};

function teaserOf(
  row: Omit<ArticleRow, "content">,
  content: ArticleContent,
  now: Date,
): ArticleTeaser {
  const publishedAt = row.published_at ?? now.toISOString();
  return {
    slug: row.slug,
    path: articlePath(row.slug),
    title: content.title,
    excerpt: content.excerpt,
    category: content.category,
    readTimeMinutes: content.readTimeMinutes ?? readingMinutes(content.body),
    date: publishedAt.slice(0, 10),
    publishedLabel: row.published_label ?? `Published ${dateLabel.format(new Date(publishedAt))}`,
  };
}

function publishedRows(db: Db) {
  return db
    .selectFrom("articles")
    .innerJoin("article_revisions", "article_revisions.id", "articles.published_revision_id")
    .select([
      "articles.id",
      "articles.slug",
      "articles.published_at",
      "articles.published_label",
      "articles.share_label",
      "articles.continue_reading",
      "article_revisions.content",
    ])
    .where("articles.state", "=", "published")
    .orderBy("articles.position")
    .orderBy("articles.published_at", "desc");
}

/** Every published article's teaser, in the site's order (newest console articles first). */
export async function publishedArticleTeasers(db: Db, now = new Date()): Promise<ArticleTeaser[]> {
  const rows = await publishedRows(db).execute();
  return rows.map((row) => teaserOf(row, readArticleContent(row.content), now));
}

async function wholeArticle(
  db: Db,
  row: ArticleRow,
  content: ArticleContent,
  now: Date,
): Promise<PublicArticle> {
  const ids = JSON.parse(row.continue_reading) as string[];
  const next =
    ids.length > 0 ? await publishedRows(db).where("articles.id", "in", ids).execute() : [];
  const continueReading = ids.flatMap((id) => {
    const found = next.find((candidate) => candidate.id === id);
    return found ? [teaserOf(found, readArticleContent(found.content), now)] : [];
  });
  return {
    ...teaserOf(row, content, now),
    id: row.id,
    summary: content.excerpt,
    shareLabel: row.share_label === "Share Article" ? "Share Article" : "Share",
    keywords: content.keywords,
    html: renderArticleHtml(content.body),
    continueReading,
    cover:
      content.coverImage && content.coverAlt
        ? { src: content.coverImage, alt: content.coverAlt }
        : null,
    seoTitle: content.seoTitle,
    seoDescription: content.seoDescription,
    publishedAt: row.published_at ?? now.toISOString(),
  };
}

export type ArticleLookup =
  | { outcome: "found"; article: PublicArticle }
  | { outcome: "moved"; slug: string }
  | { outcome: "gone" }
  | { outcome: "missing" };

/**
 * The article at a slug: published, moved (an old slug of an article now published elsewhere:
 * 301), gone (unpublished or deleted: 410), or never there (404).
 */
export async function articleBySlug(
  db: Db,
  slug: string,
  now = new Date(),
): Promise<ArticleLookup> {
  const row = await publishedRows(db).where("articles.slug", "=", slug).executeTakeFirst();
  if (row)
    return {
      outcome: "found",
      article: await wholeArticle(db, row, readArticleContent(row.content), now),
    };
  const article = await db
    .selectFrom("articles")
    .select(["state", "published_revision_id"])
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (article && article.published_revision_id && article.state !== "published")
    return { outcome: "gone" };
  const old = await db
    .selectFrom("article_old_slugs")
    .innerJoin("articles", "articles.id", "article_old_slugs.article_id")
    .select(["articles.slug", "articles.state"])
    .where("article_old_slugs.slug", "=", slug)
    .executeTakeFirst();
  if (old)
    return old.state === "published" ? { outcome: "moved", slug: old.slug } : { outcome: "gone" };
  return { outcome: "missing" };
}

/** The draft as its page would show it, for the console's preview. */
export async function previewArticle(
  db: Db,
  id: string,
  now = new Date(),
): Promise<PublicArticle | undefined> {
  const row = await db
    .selectFrom("articles")
    .innerJoin("article_revisions", "article_revisions.id", "articles.draft_revision_id")
    .select([
      "articles.id",
      "articles.slug",
      "articles.published_at",
      "articles.published_label",
      "articles.share_label",
      "articles.continue_reading",
      "article_revisions.content",
    ])
    .where("articles.id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const content = readArticleContent(row.content);
  return wholeArticle(db, { ...row, slug: content.slug }, content, now);
}

/** The newest published articles, whole, for the feed. */
export async function feedArticles(db: Db, limit = 20, now = new Date()): Promise<PublicArticle[]> {
  const rows = await publishedRows(db).execute();
  const newest = [...rows]
    .sort((a, b) => (b.published_at ?? "").localeCompare(a.published_at ?? ""))
    .slice(0, limit);
  return Promise.all(
    newest.map((row) => wholeArticle(db, row, readArticleContent(row.content), now)),
  );
}

/** The published articles' paths, for the sitemap. */
export async function publishedArticlePaths(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom("articles")
    .select("slug")
    .where("state", "=", "published")
    .orderBy("position")
    .execute();
  return rows.map((row) => articlePath(row.slug));
}

/** The public pages that list the articles: every change of the store redraws them. */
export const articleListingPaths = ["/resources", "/all-resources", "/feed.xml", "/atom.xml"];

/**
 * The pages the store's last change touched, to render before a visitor asks: the lists, the
 * articles changed in it (their `updated_at` is the version's `changed_at`, one transaction) and
 * the published articles whose Continue Reading cards show them. A few pages, not the whole site.
 */
export async function pagesTouchedByLastChange(db: Db): Promise<string[]> {
  const version = await db
    .selectFrom("content_versions")
    .select("changed_at")
    .where("name", "=", articlesVersionName)
    .executeTakeFirst();
  if (!version) return articleListingPaths;
  const changed = await db
    .selectFrom("articles")
    .select(["id", "slug", "state"])
    .where("updated_at", "=", version.changed_at)
    .execute();
  const changedIds = new Set(changed.map((article) => article.id));
  const listers =
    changedIds.size > 0
      ? (
          await db
            .selectFrom("articles")
            .select(["slug", "continue_reading"])
            .where("state", "=", "published")
            .execute()
        ).filter((article) =>
          (JSON.parse(article.continue_reading) as string[]).some((id) => changedIds.has(id)),
        )
      : [];
  const articles = [...changed.filter((article) => article.state === "published"), ...listers].map(
    (article) => articlePath(article.slug),
  );
  return [...new Set([...articles, ...articleListingPaths])];
}
