/**
 * Publishing (issue 36, decision 190): articles written, scheduled and revised in the console,
 * read by the public pages from the store. It stands on core alone (and the Markdown seed in
 * content/), on the lowest floor, so the console and later a broadcast can use it.
 */
export type { ArticleState, PublishingTables } from "./publishing-tables";
export {
  articleDraftSchema,
  readArticleContent,
  type ArticleContent,
  type ArticleDraftFields,
} from "./articles/article-content";
export {
  bodyTooLargeMessage,
  bumpContentVersion,
  checkSlug,
  createArticle,
  importMarkdownArticles,
  publishArticle,
  publishDueArticles,
  publishProblem,
  readContentVersion,
  restoreArticleRevision,
  saveArticleDraft,
  unpublishArticle,
  type PublishOutcome,
  type SaveDraftOutcome,
  type StaleOutcome,
} from "./articles/article-store";
export {
  articleBySlug,
  feedArticles,
  previewArticle,
  publishedArticlePaths,
  pagesTouchedByLastChange,
  publishedArticleTeasers,
  type ArticleLookup,
  type PublicArticle,
} from "./articles/published-articles";
export {
  consoleArticle,
  listConsoleArticles,
  revisionDiff,
  type ConsoleArticle,
  type ConsoleArticleRow,
} from "./articles/console-articles";
export { diffLines, type DiffLine } from "./revision-diff";
export { articleFeed, articleFeedLinks, type FeedFormat } from "./articles/article-feed";
export { markdownToDocument } from "./articles/markdown-import";
export {
  uploadArticleImage,
  uploadedImagesDir,
  type ImageUploadOutcome,
} from "./uploads/image-uploads";
export { receiveUpload, type ReceivedUpload } from "./uploads/received-upload";
export {
  consoleResource,
  createResource,
  listConsoleResources,
  maxResourceUploadBytes,
  publishDueResources,
  publishResource,
  publishedResources,
  saveResourceDraft,
  unpublishResource,
  uploadedFilesDir,
  type ConsoleResource,
  type PublicResource,
  type ResourceContent,
  type ResourcePublishOutcome,
  type ResourceSaveOutcome,
} from "./resources/resource-store";
export { resourceDownloadItem } from "./resources/resource-items";
export {
  resourceFileFacts,
  resourceRevisionDiff,
  resourceRevisions,
  restoreResourceRevision,
  type ResourceRevisions,
  type RevisionSummary,
} from "./resources/resource-revisions";
export type { ResourceKind } from "./publishing-tables";
export { sweepUnusedUploads, uploadGraceMs } from "./uploads/upload-sweep";
