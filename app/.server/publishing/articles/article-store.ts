import { randomUUID } from "node:crypto";
import { isUniqueViolation } from "../../core/db/unique-violation";
import { recordAdminAction } from "../../core/audit-log";
import type { Db, Trx } from "../../core/db/database";
import type { ServiceDeps } from "../../core/service-deps";
import { markdownArticleSources } from "./article-seed";
import { pageRoutes } from "~/route-table";
import {
  articlePlainText,
  checkArticleDocument,
  maxArticleBodyBytes,
  wordCount,
} from "~/lib/article-document";
import {
  articleDraftSchema,
  readArticleContent,
  type ArticleContent,
  type ArticleDraftFields,
} from "./article-content";
import { markdownToDocument } from "./markdown-import";
import { publishDue, scheduleDraft } from "../publishing-schedule";
import type { ArticleState } from "../publishing-tables";

type Deps = Pick<ServiceDeps, "db" | "clock">;

/** The one version row every instance polls: bumped in the transaction of each public change. */
export const articlesVersionName = "articles";

export async function bumpContentVersion(trx: Trx | Db, now: Date) {
  const changedAt = now.toISOString();
  const updated = await trx
    .updateTable("content_versions")
    .set((eb) => ({ version: eb("version", "+", 1), changed_at: changedAt }))
    .where("name", "=", articlesVersionName)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await trx
      .insertInto("content_versions")
      .values({ name: articlesVersionName, version: 1, changed_at: changedAt })
      .onConflict((conflict) =>
        conflict.column("name").doUpdateSet((eb) => ({
          version: eb("content_versions.version", "+", 1),
          changed_at: changedAt,
        })),
      )
      .execute();
  }
}

/** The articles' version: any instance that sees it change drops its rendered pages. */
export async function readContentVersion(db: Db): Promise<number> {
  const row = await db
    .selectFrom("content_versions")
    .select("version")
    .where("name", "=", articlesVersionName)
    .executeTakeFirst();
  return row ? Number(row.version) : 0;
}

/**
 * The first start of a site with an empty store imports the Markdown articles (decision 190):
 * each becomes an article with one published revision, its label, order, share label and
 * Continue Reading cards as they were. A store with any article is left alone.
 */
export async function importMarkdownArticles({ db, clock }: Deps): Promise<number> {
  try {
    return await importArticlesOnce({ db, clock });
  } catch (error) {
    // Two instances starting at once on one database: the other one imported them.
    if (isUniqueViolation(error)) return 0;
    throw error;
  }
}

async function importArticlesOnce({ db, clock }: Deps): Promise<number> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const any = await trx.selectFrom("articles").select("id").limit(1).executeTakeFirst();
    if (any) return 0;
    const sources = markdownArticleSources();
    const ids = new Map(sources.map((source) => [source.slug, randomUUID()]));
    for (const source of sources) {
      const id = ids.get(source.slug)!;
      const revisionId = randomUUID();
      const { frontMatter } = source;
      const content: ArticleContent = {
        slug: source.slug,
        title: frontMatter.title,
        excerpt: frontMatter.summary,
        category: frontMatter.category,
        body: markdownToDocument(source.markdown),
        coverImage: null,
        coverAlt: null,
        seoTitle: null,
        seoDescription: null,
        keywords: frontMatter.keywords,
        readTimeMinutes: frontMatter.readTimeMinutes,
      };
      await trx
        .insertInto("article_revisions")
        .values({
          id: revisionId,
          article_id: id,
          number: 1,
          content: JSON.stringify(content),
          author: "import",
          created_at: now.toISOString(),
        })
        .execute();
      await trx
        .insertInto("articles")
        .values({
          id,
          slug: source.slug,
          state: "published",
          publish_at: null,
          published_at: `${frontMatter.datePublished}T00:00:00.000Z`,
          draft_revision_id: revisionId,
          published_revision_id: revisionId,
          position: frontMatter.order,
          published_label: frontMatter.publishedLabel,
          share_label: frontMatter.shareLabel,
          continue_reading: JSON.stringify(
            frontMatter.continueReading.map((slug) => ids.get(slug)!),
          ),
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .execute();
    }
    await bumpContentVersion(trx, now);
    return sources.length;
  });
}

/** Slugs an article may not take: the site's own first path segments and its feeds. */
const reservedSlugs = new Set([
  ...pageRoutes.map((page) => page.path.split("/")[1] ?? "").filter(Boolean),
  "admin",
  "feed",
  "feed-xml",
  "new",
  "sitemap",
]);

export type SlugCheck = { ok: true } | { ok: false; message: string };

/** An article's slug must be its own: not a route's name, not another article's, now or before. */
export async function checkSlug(
  trx: Trx | Db,
  articleId: string,
  slug: string,
): Promise<SlugCheck> {
  if (reservedSlugs.has(slug))
    return {
      ok: false,
      message: `"${slug}" is the name of a page of the site: choose another address.`,
    };
  const article = await trx
    .selectFrom("articles")
    .select("id")
    .where("slug", "=", slug)
    .where("id", "!=", articleId)
    .executeTakeFirst();
  const old = await trx
    .selectFrom("article_old_slugs")
    .select("article_id")
    .where("slug", "=", slug)
    .where("article_id", "!=", articleId)
    .executeTakeFirst();
  const drafts = await trx
    .selectFrom("articles")
    .innerJoin("article_revisions", "article_revisions.id", "articles.draft_revision_id")
    .select("article_revisions.content")
    .where("articles.id", "!=", articleId)
    .where("articles.state", "!=", "deleted")
    .execute();
  const draftTaken = drafts.some((row) => readArticleContent(row.content).slug === slug);
  if (article || old || draftTaken)
    return { ok: false, message: `Another article already has the address /articles/${slug}.` };
  return { ok: true };
}

async function addRevision(
  trx: Trx,
  {
    articleId,
    content,
    author,
    now,
  }: { articleId: string; content: ArticleContent; author: string; now: Date },
) {
  // The article's row first: on PostgreSQL its lock makes two saves at once (a double click on
  // Publish) number their revisions one after the other instead of both taking the same number.
  await trx
    .updateTable("articles")
    .set({ updated_at: now.toISOString() })
    .where("id", "=", articleId)
    .execute();
  const last = await trx
    .selectFrom("article_revisions")
    .select((eb) => eb.fn.max("number").as("number"))
    .where("article_id", "=", articleId)
    .executeTakeFirst();
  const id = randomUUID();
  const number = Number(last?.number ?? 0) + 1;
  await trx
    .insertInto("article_revisions")
    .values({
      id,
      article_id: articleId,
      number,
      content: JSON.stringify(content),
      author,
      created_at: now.toISOString(),
    })
    .execute();
  return { id, number };
}

const blankContent = (slug: string): ArticleContent => ({
  slug,
  title: "",
  excerpt: "",
  category: "Practice",
  body: { type: "doc", content: [{ type: "paragraph" }] },
  coverImage: null,
  coverAlt: null,
  seoTitle: null,
  seoDescription: null,
  keywords: [],
  readTimeMinutes: null,
});

/** A new empty draft, first in the lists once published. */
export async function createArticle({ db, clock }: Deps, { actor }: { actor: string }) {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const id = randomUUID();
    const slug = `untitled-${id.slice(0, 8)}`;
    const first = await trx
      .selectFrom("articles")
      .select((eb) => eb.fn.min("position").as("position"))
      .executeTakeFirst();
    const revisionId = randomUUID();
    await trx
      .insertInto("article_revisions")
      .values({
        id: revisionId,
        article_id: id,
        number: 1,
        content: JSON.stringify(blankContent(slug)),
        author: actor,
        created_at: now.toISOString(),
      })
      .execute();
    await trx
      .insertInto("articles")
      .values({
        id,
        slug,
        state: "draft",
        publish_at: null,
        published_at: null,
        draft_revision_id: revisionId,
        published_revision_id: null,
        position: Number(first?.position ?? 1) - 1,
        published_label: null,
        share_label: "Share",
        continue_reading: "[]",
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
    await recordAdminAction(trx, { actor, action: "article.create", subject: id, now });
    return { id };
  });
}

export type SaveDraftOutcome =
  | { outcome: "saved"; revision: number; dropped: string[]; unchanged: boolean }
  | { outcome: "invalid"; errors: Record<string, string> }
  | { outcome: "too-large"; message: string }
  | StaleOutcome
  | { outcome: "not-found" };

/**
 * The form was loaded from revision `base` and the draft has moved on to `newer` since (another
 * tab, another person): nothing was saved, the owner chooses what happens (issue 49).
 */
export type StaleOutcome = {
  outcome: "stale";
  base: number;
  newer: { revision: number; author: string; savedAt: string };
};

/** The draft's revision now, read after the article's row is locked by this transaction. */
async function lockDraftRevision(trx: Trx, id: string) {
  // A write first: on PostgreSQL it holds the row until the commit, so two tabs saving at once
  // check one after the other, and the second sees the first's revision.
  await trx
    .updateTable("articles")
    .set((eb) => ({ updated_at: eb.ref("updated_at") }))
    .where("id", "=", id)
    .execute();
  return trx
    .selectFrom("articles")
    .innerJoin("article_revisions", "article_revisions.id", "articles.draft_revision_id")
    .select([
      "article_revisions.number",
      "article_revisions.author",
      "article_revisions.created_at",
    ])
    .where("articles.id", "=", id)
    .executeTakeFirst();
}

export const bodyTooLargeMessage = `The body is larger than ${maxArticleBodyBytes / 1024} KiB: split the article or remove some of it.`;

/**
 * Keeps the owner's draft as a new revision (every save is kept; one identical to the draft adds
 * nothing). The body is checked against the allowed nodes and marks, what was dropped is named.
 * The published page is not touched: only publishing moves it. `baseRevision` is the revision
 * the form was loaded from: when the draft is newer, nothing is saved (`stale`).
 */
export async function saveArticleDraft(
  { db, clock }: Deps,
  {
    id,
    actor,
    fields,
    body,
    baseRevision,
  }: {
    id: string;
    actor: string;
    fields: ArticleDraftFields;
    body: unknown;
    baseRevision?: number;
  },
): Promise<SaveDraftOutcome> {
  const bodyJson = typeof body === "string" ? body : JSON.stringify(body ?? null);
  if (Buffer.byteLength(bodyJson, "utf8") > maxArticleBodyBytes)
    return { outcome: "too-large", message: bodyTooLargeMessage };
  const parsed = articleDraftSchema.safeParse(fields);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues)
      errors[String(issue.path[0] ?? "form")] ??= issue.message;
    return { outcome: "invalid", errors };
  }
  let bodyValue: unknown;
  try {
    bodyValue = typeof body === "string" ? JSON.parse(body) : body;
  } catch {
    return { outcome: "invalid", errors: { body: "The body could not be read." } };
  }
  const checked = checkArticleDocument(bodyValue);
  const now = clock.now();
  return db.transaction().execute(async (trx): Promise<SaveDraftOutcome> => {
    const draft = await lockDraftRevision(trx, id);
    const newer = draft && baseRevision !== undefined && draft.number !== baseRevision;
    const article = await trx
      .selectFrom("articles")
      .innerJoin("article_revisions", "article_revisions.id", "articles.draft_revision_id")
      .select(["articles.state", "articles.published_revision_id", "article_revisions.content"])
      .where("articles.id", "=", id)
      .executeTakeFirst();
    if (!article || article.state === "deleted") return { outcome: "not-found" };
    const previous = readArticleContent(article.content);
    const fieldsIn = parsed.data;
    const slug = fieldsIn.slug || previous.slug;
    const content: ArticleContent = {
      slug,
      title: fieldsIn.title,
      excerpt: fieldsIn.excerpt,
      category: fieldsIn.category,
      body: checked.document,
      coverImage: fieldsIn.coverImage || null,
      coverAlt: fieldsIn.coverAlt || null,
      seoTitle: fieldsIn.seoTitle || null,
      seoDescription: fieldsIn.seoDescription || null,
      keywords: fieldsIn.keywords
        .split(",")
        .map((keyword) => keyword.trim())
        .filter(Boolean),
      readTimeMinutes: previous.readTimeMinutes,
    };
    // The same fields again (a double click, a retried post) are no stale edit: nothing to save.
    if (JSON.stringify(content) === JSON.stringify(previous)) {
      const current = await trx
        .selectFrom("article_revisions")
        .innerJoin("articles", "articles.draft_revision_id", "article_revisions.id")
        .select("article_revisions.number")
        .where("articles.id", "=", id)
        .executeTakeFirstOrThrow();
      return {
        outcome: "saved",
        revision: current.number,
        dropped: checked.dropped,
        unchanged: true,
      };
    }
    if (newer)
      return {
        outcome: "stale",
        base: baseRevision,
        newer: { revision: draft.number, author: draft.author, savedAt: draft.created_at },
      };
    if (slug !== previous.slug) {
      const slugCheck = await checkSlug(trx, id, slug);
      if (!slugCheck.ok) return { outcome: "invalid", errors: { slug: slugCheck.message } };
    }
    if (content.coverImage && !content.coverAlt)
      return {
        outcome: "invalid",
        errors: { coverAlt: "Describe the cover image for readers who cannot see it." },
      };
    const revision = await addRevision(trx, { articleId: id, content, author: actor, now });
    const update: { draft_revision_id: string; updated_at: string; slug?: string } = {
      draft_revision_id: revision.id,
      updated_at: now.toISOString(),
    };
    // A page never published is served nowhere yet: its address follows the draft at once.
    if (!article.published_revision_id) update.slug = slug;
    await trx.updateTable("articles").set(update).where("id", "=", id).execute();
    return {
      outcome: "saved",
      revision: revision.number,
      dropped: checked.dropped,
      unchanged: false,
    };
  });
}

export type PublishOutcome =
  | { outcome: "published"; slug: string }
  | { outcome: "scheduled"; publishAt: string }
  | { outcome: "incomplete"; message: string }
  | { outcome: "invalid"; message: string }
  | StaleOutcome
  | { outcome: "not-found" };

/** Why a draft cannot go live yet, or undefined. */
export function publishProblem(content: ArticleContent): string | undefined {
  if (!content.title.trim()) return "An article needs a title before it is published.";
  if (wordCount(content.body) === 0) return "An article needs a body before it is published.";
  return undefined;
}

/** Publishes the draft revision in the caller's transaction (now, or when a schedule falls due). */
async function publishDraftIn(trx: Trx, id: string, now: Date): Promise<PublishOutcome> {
  const article = await trx
    .selectFrom("articles")
    .innerJoin("article_revisions", "article_revisions.id", "articles.draft_revision_id")
    .select([
      "articles.slug",
      "articles.state",
      "articles.published_at",
      "articles.published_revision_id",
      "articles.draft_revision_id",
      "article_revisions.content",
    ])
    .where("articles.id", "=", id)
    .executeTakeFirst();
  if (!article || article.state === "deleted") return { outcome: "not-found" };
  const content = readArticleContent(article.content);
  const problem = publishProblem(content);
  if (problem) return { outcome: "incomplete", message: problem };
  if (content.slug !== article.slug) {
    const slugCheck = await checkSlug(trx, id, content.slug);
    if (!slugCheck.ok) return { outcome: "invalid", message: slugCheck.message };
    await trx.deleteFrom("article_old_slugs").where("slug", "=", content.slug).execute();
    // The address it was served at answers 301 from now on (an unserved draft's is not kept).
    if (article.published_revision_id)
      await trx
        .insertInto("article_old_slugs")
        .values({ slug: article.slug, article_id: id, retired_at: now.toISOString() })
        .execute();
    await trx
      .updateTable("article_old_slugs")
      .set({ retired_at: now.toISOString() })
      .where("article_id", "=", id)
      .execute();
  }
  await trx
    .updateTable("articles")
    .set({
      slug: content.slug,
      state: "published",
      publish_at: null,
      published_at: article.published_at ?? now.toISOString(),
      published_revision_id: article.draft_revision_id,
      updated_at: now.toISOString(),
    })
    .where("id", "=", id)
    .execute();
  await bumpContentVersion(trx, now);
  return { outcome: "published", slug: content.slug };
}

/**
 * Publishes the draft now, or schedules it for `at` (the draft as it is then goes live).
 * `revision`, the draft the owner saw: if another save came in since, nothing is published.
 */
export async function publishArticle(
  { db, clock }: Deps,
  { id, actor, at, revision }: { id: string; actor: string; at?: Date; revision?: number },
): Promise<PublishOutcome> {
  const now = clock.now();
  return db.transaction().execute(async (trx): Promise<PublishOutcome> => {
    const draft = await lockDraftRevision(trx, id);
    if (draft && revision !== undefined && draft.number !== revision)
      return {
        outcome: "stale",
        base: revision,
        newer: { revision: draft.number, author: draft.author, savedAt: draft.created_at },
      };
    if (at && at.getTime() > now.getTime()) {
      const article = await trx
        .selectFrom("articles")
        .innerJoin("article_revisions", "article_revisions.id", "articles.draft_revision_id")
        .select(["articles.state", "articles.slug", "article_revisions.content"])
        .where("articles.id", "=", id)
        .executeTakeFirst();
      if (!article || article.state === "deleted") return { outcome: "not-found" };
      const content = readArticleContent(article.content);
      const problem = publishProblem(content);
      if (problem) return { outcome: "incomplete", message: problem };
      if (content.slug !== article.slug) {
        const slugCheck = await checkSlug(trx, id, content.slug);
        if (!slugCheck.ok) return { outcome: "invalid", message: slugCheck.message };
      }
      return scheduleDraft(trx, {
        table: "articles",
        id,
        state: article.state,
        at,
        now,
        actor,
        action: "article.schedule",
      });
    }
    const outcome = await publishDraftIn(trx, id, now);
    if (outcome.outcome === "published")
      await recordAdminAction(trx, {
        actor,
        action: "article.publish",
        subject: id,
        detail: { slug: outcome.slug },
        now,
      });
    return outcome;
  });
}

/** Publishes every article whose time has come (publishing-schedule.ts). */
export function publishDueArticles(deps: Deps): Promise<number> {
  return publishDue(deps, {
    table: "articles",
    action: "article.publish",
    publishDraftIn,
    auditDetail: (outcome) => (outcome.outcome === "published" ? { slug: outcome.slug } : {}),
  });
}

/** Takes a published (or scheduled) article off the site: its address answers 410. */
export async function unpublishArticle(
  { db, clock }: Deps,
  { id, actor, remove = false }: { id: string; actor: string; remove?: boolean },
): Promise<{ outcome: "unpublished" | "deleted" | "not-found" }> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const state: ArticleState = remove ? "deleted" : "unpublished";
    const updated = await trx
      .updateTable("articles")
      .set({ state, publish_at: null, updated_at: now.toISOString() })
      .where("id", "=", id)
      .where("state", "!=", "deleted")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return { outcome: "not-found" as const };
    await bumpContentVersion(trx, now);
    await recordAdminAction(trx, {
      actor,
      action: remove ? "article.delete" : "article.unpublish",
      subject: id,
      now,
    });
    return { outcome: remove ? ("deleted" as const) : ("unpublished" as const) };
  });
}

/** Makes an earlier revision the draft again, as a new revision (nothing is lost). */
export async function restoreArticleRevision(
  { db, clock }: Deps,
  { id, revision, actor }: { id: string; revision: number; actor: string },
): Promise<{ outcome: "restored"; revision: number } | { outcome: "not-found" }> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const old = await trx
      .selectFrom("article_revisions")
      .select("content")
      .where("article_id", "=", id)
      .where("number", "=", revision)
      .executeTakeFirst();
    if (!old) return { outcome: "not-found" as const };
    const content = readArticleContent(old.content);
    const current = await trx
      .selectFrom("articles")
      .select(["slug", "published_revision_id"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    if (content.slug !== current.slug && !(await checkSlug(trx, id, content.slug)).ok)
      content.slug = current.slug;
    const added = await addRevision(trx, { articleId: id, content, author: actor, now });
    await trx
      .updateTable("articles")
      .set({
        draft_revision_id: added.id,
        updated_at: now.toISOString(),
        ...(current.published_revision_id ? {} : { slug: content.slug }),
      })
      .where("id", "=", id)
      .execute();
    await recordAdminAction(trx, {
      actor,
      action: "article.restore",
      subject: id,
      detail: { revision },
      now,
    });
    return { outcome: "restored" as const, revision: added.number };
  });
}

export { maxArticleBodyBytes, articlePlainText };
