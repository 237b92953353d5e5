/** The publishing capability's tables (migration 590, decision 190). */
export interface PublishingTables {
  articles: ArticleTable;
  article_revisions: ArticleRevisionTable;
  article_old_slugs: ArticleOldSlugTable;
  content_versions: ContentVersionTable;
}

export type ArticleState = "draft" | "scheduled" | "published" | "unpublished" | "deleted";

export interface ArticleTable {
  id: string;
  slug: string;
  state: ArticleState;
  publish_at: string | null;
  published_at: string | null;
  draft_revision_id: string;
  published_revision_id: string | null;
  position: number;
  published_label: string | null;
  share_label: string;
  /** JSON array of article ids. */
  continue_reading: string;
  created_at: string;
  updated_at: string;
}

export interface ArticleRevisionTable {
  id: string;
  article_id: string;
  number: number;
  /** JSON of `ArticleContent` (article-content.ts). */
  content: string;
  author: string;
  created_at: string;
}

export interface ArticleOldSlugTable {
  slug: string;
  article_id: string;
  retired_at: string;
}

/** One row per cached kind (`articles`): bumped in the transaction of every public change. */
export interface ContentVersionTable {
  name: string;
  version: number;
  changed_at: string;
}
