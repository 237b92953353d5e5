/** The publishing capability's tables (migrations 590, 630, 670 and 671; decisions 190, 230, 270, 272). */
export interface PublishingTables {
  articles: ArticleTable;
  article_revisions: ArticleRevisionTable;
  article_old_slugs: ArticleOldSlugTable;
  content_versions: ContentVersionTable;
  uploaded_images: UploadedImageTable;
  resources: ResourceTable;
  resource_revisions: ResourceRevisionTable;
  uploaded_files: UploadedFileTable;
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
  /** When it was last uploaded: the sweep's grace period runs from here (decision 271). */
  created_at: string;
}

export type ResourceKind = "guide" | "audio";

/** A guide (PDF) or an audio practice (MP3) from the console (migration 670, decision 270). */
export interface ResourceTable {
  id: string;
  kind: ResourceKind;
  /** Articles' states but `deleted`. */
  state: Exclude<ArticleState, "deleted">;
  publish_at: string | null;
  published_at: string | null;
  /** JSON of `ResourceContent` (resource-store.ts): what the owner is editing. */
  draft: string;
  /** JSON of `ResourceContent`: what the public pages show; null until first published. */
  published: string | null;
  /** The revision the published copy was taken from (migration 671, decision 272). */
  published_revision: number | null;
  created_at: string;
  updated_at: string;
}

/** Every save of a resource's draft, numbered from 1; the newest is the draft (decision 272). */
export interface ResourceRevisionTable {
  id: string;
  resource_id: string;
  number: number;
  /** JSON of `ResourceContent`. */
  content: string;
  author: string;
  created_at: string;
}

/** One row per file uploaded for a resource; the file is `UPLOADS_DIR/files/<id>`. */
export interface UploadedFileTable {
  /** `<sha256 prefix, 32 hex>.<pdf|mp3>`. */
  id: string;
  bytes: number;
  created_by: string;
  /** When it was last uploaded: the sweep's grace period runs from here. */
  created_at: string;
}
