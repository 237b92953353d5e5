import { randomUUID } from "node:crypto";
import { recordAdminAction } from "../core/audit-log";
import type { Db, Trx } from "../core/db/database";
import { articleBySlug, type PublicArticle } from "../publishing";
import { countRecipients } from "./audience";
import { freeLetterSlug } from "./broadcast-archive";
import { renderBroadcast } from "./broadcast-content";
import type { BroadcastDeps } from "./broadcast-sending";
import type { MailingList } from "./broadcast-tables";

/** The lists an article can be sent to, as the console offers them. */
export const articleBroadcastLists: MailingList[] = ["newsletter", "waitlist"];

/** Backslash before every Markdown punctuation mark: the article's words stay words in the letter. */
function markdownText(text: string) {
  return text.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, "\\$&");
}

/** The letter of an article: its excerpt and a button to the page, in the broadcast layout. */
export function articleLetterMarkdown(
  article: Pick<PublicArticle, "title" | "summary" | "path">,
  siteUrl: string,
) {
  return [
    markdownText(article.summary),
    `[Read “${markdownText(article.title)}”](${siteUrl}${article.path}){button}`,
  ].join("\n\n");
}

export type ArticleListCount = { list: MailingList; readers: number };

/** How many readers each list would reach now, for the console's confirmation. */
export async function articleListCounts(db: Db): Promise<ArticleListCount[]> {
  return Promise.all(
    articleBroadcastLists.map(async (list) => ({
      list,
      readers: await countRecipients(db, { list, interests: [] }),
    })),
  );
}

export type ArticleSendOutcome = {
  list: MailingList;
  outcome: "queued" | "already-sent" | "no-recipients";
  broadcastId?: string;
  readers?: number;
};

async function insertArticleBroadcast(
  trx: Trx,
  row: {
    articleId: string;
    list: MailingList;
    subject: string;
    preview: string;
    bodyMarkdown: string;
    frozen: { html: string; text: string };
    actor: string;
    now: Date;
  },
) {
  const id = randomUUID();
  const nowIso = row.now.toISOString();
  // The newsletter's copy goes to the archive at once, and it links to the article.
  const slug = row.list === "newsletter" ? await freeLetterSlug(trx, row.subject) : null;
  const inserted = await trx
    .insertInto("broadcasts")
    .values({
      id,
      subject: row.subject,
      preview_text: row.preview,
      body_markdown: row.bodyMarkdown,
      audience_list: row.list,
      audience_interests: "[]",
      audience_group: null,
      audience_group_label: null,
      status: "queued",
      scheduled_at: null,
      frozen_html: row.frozen.html,
      frozen_text: row.frozen.text,
      frozen_at: nowIso,
      queue_cursor: null,
      queued_at: null,
      slug,
      published_at: slug ? nowIso : null,
      cancelled_at: null,
      source_article_id: row.articleId,
      created_by: row.actor,
      created_at: nowIso,
      updated_at: nowIso,
    })
    .onConflict((conflict) => conflict.columns(["source_article_id", "audience_list"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return undefined;
  await recordAdminAction(trx, {
    actor: row.actor,
    action: "broadcast.send",
    subject: id,
    detail: { article: row.articleId, list: row.list },
    now: row.now,
  });
  return id;
}

/**
 * Sends a published article to each chosen list as a broadcast, frozen and queued as the
 * broadcast engine sends any letter. Once only: the unique (article, list) index makes a second
 * publish, a double click or a second instance find it already sent.
 */
export async function sendArticleToLists(
  deps: BroadcastDeps,
  { slug, lists, actor }: { slug: string; lists: MailingList[]; actor: string },
): Promise<ArticleSendOutcome[] | "not-published" | "no-postal-address"> {
  const { db, clock, config } = deps;
  if (lists.length === 0) return [];
  // Bulk mail must carry the sender's postal address (CAN-SPAM), as every broadcast does.
  if (!config.MAIL_POSTAL_ADDRESS) return "no-postal-address";
  const lookup = await articleBySlug(db, slug, clock.now());
  if (lookup.outcome !== "found") return "not-published";
  const { article } = lookup;
  const bodyMarkdown = articleLetterMarkdown(article, config.SITE_URL);
  // The preview line is one line of at most 200 characters, as the compose form allows.
  const preview = article.summary.replace(/\s+/g, " ").slice(0, 200);
  const letter = { subject: article.title, previewText: preview, bodyMarkdown };
  const frozen = await renderBroadcast(config, letter);
  const outcomes: ArticleSendOutcome[] = [];
  for (const list of new Set(lists)) {
    const readers = await countRecipients(db, { list, interests: [] });
    if (readers === 0) {
      outcomes.push({ list, outcome: "no-recipients" });
      continue;
    }
    const broadcastId = await db.transaction().execute((trx) =>
      insertArticleBroadcast(trx, {
        articleId: article.id,
        list,
        subject: article.title,
        preview,
        bodyMarkdown,
        frozen,
        actor,
        now: clock.now(),
      }),
    );
    outcomes.push(
      broadcastId
        ? { list, outcome: "queued", broadcastId, readers }
        : { list, outcome: "already-sent" },
    );
  }
  if (outcomes.some((sent) => sent.outcome === "queued")) deps.broadcastQueue.wake();
  return outcomes;
}

/** The broadcasts an article was sent as, for the console: each list once. */
export function articleBroadcastsOf(db: Db, articleId: string) {
  return db
    .selectFrom("broadcasts")
    .select(["id", "audience_list as list", "status", "created_at as sentAt"])
    .where("source_article_id", "=", articleId)
    .orderBy("created_at")
    .execute();
}
