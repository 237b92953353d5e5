/** The publishing capability's tables (migrations 590 and 630, decisions 190 and 230). */
export interface PublishingTables {
  articles: ArticleTable;
  article_revisions: ArticleRevisionTable;
  article_old_slugs: ArticleOldSlugTable;
  content_versions: ContentVersionTable;
  uploaded_images: UploadedImageTable;
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

/** One row per image uploaded in the console (migration 630, decision 230); its files are on disk. */
export interface UploadedImageTable {
  /** The folder under UPLOADS_DIR/images: `<sha256 prefix>-<width>x<height>`. */
  id: string;
  width: number;
  height: number;
  /** `jpg` or `png`: the format of the fallback files beside the AVIF and WebP ones. */
  fallback: string;
  /** The uploaded file's size in bytes. */
  bytes: number;
  created_by: string;
  created_at: string;
}
