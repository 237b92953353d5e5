import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { data, Link, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/admin.content.$id";
import { AdminForm } from "~/components/admin/admin-form";
import { PublishControls } from "~/components/admin/publish-controls";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTime } from "~/components/admin/admin-time";
import { AutosaveStatus } from "~/components/admin/autosave-status";
import { ArticleSendChoice } from "~/components/admin/article-send-choice";
import { ArticleStateBadge } from "~/components/admin/article-state-badge";
import { CoverImageField } from "~/components/admin/cover-image-field";
import { RevisionHistory } from "~/components/admin/revision-history";
import { StaleChoice } from "~/components/admin/stale-choice";
import { useAutosave, type AutosaveResult } from "~/components/admin/use-autosave";
import { BackLink } from "~/components/page/back-link";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { requireAdminAction, requireAdminPage } from "~/.server/admin";
import {
  articleBroadcastLists,
  articleBroadcastsOf,
  articleListCounts,
  sendArticleToLists,
  type ArticleSendOutcome,
} from "~/.server/broadcasts";
import { readFormBody } from "~/.server/http/request-body";
import {
  consoleArticle,
  publishArticle,
  restoreArticleRevision,
  revisionDiff,
  saveArticleDraft,
  unpublishArticle,
  type StaleOutcome,
} from "~/.server/publishing";
import { articleCategories } from "~/content/articles";
import { maxArticleBodyBytes, type ArticleDocument } from "~/lib/article-document";
import { scheduledTime } from "~/lib/scheduled-time";
import { ConsoleNotice, ConsoleAlert } from "~/components/admin/console-message";

/**
 * The body editor, and TipTap with it, loaded when an article is first opened rather than when
 * the server starts (decision 309): the editor draws nothing on the server in any case.
 */
const ArticleEditor = lazy(() =>
  import("~/components/admin/article-editor").then(({ ArticleEditor }) => ({
    default: ArticleEditor,
  })),
);

export const meta = ({ data: loaderData }: Route.MetaArgs) =>
  adminMeta(loaderData?.article.draft.title || "Article");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const article = await consoleArticle(context.db, params.id);
  if (!article) throw data("Article not found", 404);
  const url = new URL(request.url);
  const from = Number(url.searchParams.get("from"));
  const to = Number(url.searchParams.get("to"));
  const diff =
    from > 0 && to > 0 ? await revisionDiff(context.db, { id: params.id, from, to }) : undefined;
  const [listCounts, sentAs] = await Promise.all([
    articleListCounts(context.db),
    articleBroadcastsOf(context.db, params.id),
  ]);
  return {
    article,
    diff: diff ? { from, to, lines: diff } : null,
    listCounts,
    sentAs,
    imageMaxMegabytes: context.config.IMAGE_UPLOAD_MAX_MB,
  };
}

const draftFields = (formData: URLSearchParams) => ({
  slug: formData.get("slug") ?? "",
  title: formData.get("title") ?? "",
  excerpt: formData.get("excerpt") ?? "",
  category: (formData.get("category") ?? "") as never,
  coverImage: formData.get("coverImage") ?? "",
  coverAlt: formData.get("coverAlt") ?? "",
  seoTitle: formData.get("seoTitle") ?? "",
  seoDescription: formData.get("seoDescription") ?? "",
  keywords: formData.get("keywords") ?? "",
});

const listNames = { newsletter: "the newsletter", waitlist: "the waitlist" } as const;

/** What the publish did with each chosen list, in a sentence for the notice. */
function sentSentence(outcomes: ArticleSendOutcome[]) {
  return outcomes
    .map(({ list, outcome, readers }) =>
      outcome === "queued"
        ? ` Emailing it to ${readers} reader${readers === 1 ? "" : "s"} on ${listNames[list]}.`
        : outcome === "already-sent"
          ? ` It was already sent to ${listNames[list]}: not sent again.`
          : ` Nobody is on ${listNames[list]}: not sent.`,
    )
    .join("");
}

const staleVerb = {
  save: "saved",
  autosave: "saved",
  "keep-mine": "saved",
  publish: "published",
  schedule: "scheduled",
} as const;

/** A save or publish from a form older than the draft: refused with the choice (409). */
function staleAnswer(stale: StaleOutcome, intent: keyof typeof staleVerb) {
  return data(
    {
      error: `Not ${staleVerb[intent]}: revision ${stale.newer.revision} was saved by ${stale.newer.author} after this page was opened at revision ${stale.base}.`,
      stale: { base: stale.base, newer: stale.newer.revision },
    },
    409,
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // A body up to the cap, with room for the other fields; the service refuses a larger body.
  const formData = await readFormBody(request, { maxBytes: maxArticleBodyBytes * 2 + 64 * 1024 });
  const session = await requireAdminAction(request, context, formData);
  const id = params.id;
  const actor = session.email;
  const intent = formData.get("intent");
  if (
    intent === "save" ||
    intent === "autosave" ||
    intent === "publish" ||
    intent === "schedule" ||
    intent === "keep-mine"
  ) {
    // The revision the form was loaded from (or, keeping mine, the newer one it was shown).
    const baseRevision = Number(
      formData.get(intent === "keep-mine" ? "newerRevision" : "baseRevision"),
    );
    if (!Number.isInteger(baseRevision) || baseRevision < 1)
      return data(
        {
          error:
            "This form does not say which revision it was loaded from: reload the page to edit the newest draft.",
        },
        400,
      );
    const saved = await saveArticleDraft(context, {
      id,
      actor,
      fields: draftFields(formData),
      body: formData.get("body") ?? "",
      baseRevision,
    });
    if (saved.outcome === "not-found") throw data("Article not found", 404);
    if (saved.outcome === "too-large") return data({ error: saved.message }, 413);
    if (saved.outcome === "invalid")
      return data({ error: "Some fields need a change.", fieldErrors: saved.errors }, 400);
    if (saved.outcome === "stale") return staleAnswer(saved, intent);
    const dropped =
      saved.dropped.length > 0 ? ` Left out of the body: ${saved.dropped.join("; ")}.` : "";
    const revision = saved.revision;
    if (intent === "keep-mine")
      return {
        notice: `Kept yours as revision ${revision}; revision ${baseRevision} stays in the history below.${dropped}`,
        revision,
      };
    if (intent === "save" || intent === "autosave")
      return {
        notice: `${saved.unchanged ? "Nothing changed" : `Saved as revision ${revision}`}.${dropped}`,
        revision,
      };
    const sendTo = formData.getAll("sendTo");
    const lists = articleBroadcastLists.filter((list) => sendTo.includes(list));
    if (lists.length !== sendTo.length)
      return data(
        { error: "Choose the newsletter or the waitlist to email it to.", revision },
        400,
      );
    if (intent === "schedule" && lists.length > 0)
      return data(
        {
          error: "An article is emailed when you publish it now: untick the lists to schedule it.",
          revision,
        },
        400,
      );
    const at = intent === "schedule" ? scheduledTime(formData.get("publishAt")) : undefined;
    if (intent === "schedule" && (!at || at.getTime() <= context.clock.now().getTime()))
      return data(
        { error: "Give a date and time (UTC) in the future to publish it.", revision },
        400,
      );
    const published = await publishArticle(context, { id, actor, at, revision });
    if (published.outcome === "not-found") throw data("Article not found", 404);
    if (published.outcome === "stale") return staleAnswer(published, intent);
    if (published.outcome === "incomplete" || published.outcome === "invalid")
      return data({ error: published.message, revision }, 400);
    await context.contentPages?.changed();
    if (published.outcome === "scheduled")
      return {
        notice: `Scheduled for ${published.publishAt.slice(0, 16).replace("T", " ")} UTC.${dropped}`,
        revision,
      };
    const sent = await sendArticleToLists(context, { slug: published.slug, lists, actor });
    if (sent === "no-postal-address")
      return data(
        {
          error: `Published at /articles/${published.slug}, but not emailed: bulk email must carry your postal address (set MAIL_POSTAL_ADDRESS).`,
          revision,
        },
        400,
      );
    return {
      notice: `Published at /articles/${published.slug}.${dropped}${sent === "not-published" ? "" : sentSentence(sent)}`,
      revision,
    };
  }
  if (intent === "unpublish" || intent === "delete") {
    const outcome = await unpublishArticle(context, { id, actor, remove: intent === "delete" });
    if (outcome.outcome === "not-found") throw data("Article not found", 404);
    await context.contentPages?.changed();
    if (intent === "delete") return redirect("/admin/content");
    return { notice: "Taken off the site: its address now says it is no longer available." };
  }
  if (intent === "restore") {
    const revision = Number(formData.get("revision"));
    const restored = await restoreArticleRevision(context, { id, revision, actor });
    if (restored.outcome === "not-found") throw data("Revision not found", 404);
    return redirect(`/admin/content/${id}?restored=${restored.revision}`);
  }
  return data({ error: "Unknown action." }, 400);
}

type ActionResult = AutosaveResult;

function Field({
  name,
  label,
  defaultValue,
  error,
  hint,
  multiline,
}: {
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  hint?: string;
  multiline?: boolean;
}) {
  const describedBy = [hint ? `${name}-hint` : "", error ? `${name}-error` : ""].join(" ").trim();
  const props = {
    id: name,
    name,
    defaultValue,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
  };
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={name}>{label}</Label>
      {multiline ? <Textarea rows={3} {...props} /> : <Input {...props} />}
      {hint && (
        <p id={`${name}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${name}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

export default function AdminArticle({ loaderData, actionData }: Route.ComponentProps) {
  const { article, diff, listCounts, sentAs, imageMaxMegabytes } = loaderData;
  // The readers ticked, counted for the lists as they were: once a publish sent to them, the
  // boxes are drawn afresh and nobody is left to email.
  const sentLists = sentAs.map((sent) => sent.list).join();
  const [ticked, setTicked] = useState({ readers: 0, sentLists });
  const readersToEmail = ticked.sentLists === sentLists ? ticked.readers : 0;
  const { draft } = article;
  const result = actionData as ActionResult | undefined;
  const [searchParams] = useSearchParams();
  const wrapper = useRef<HTMLDivElement>(null);
  const [body, setBody] = useState<ArticleDocument>(draft.body);
  const { schedule, cancel, fetcher, status } = useAutosave(wrapper);
  // The revision this form stands on: moved only by this page's own answers (its saves, the
  // autosave's, a restore), never by a reload of the data after another tab's save, so a save
  // from a stale form is refused (issue 49). Adjusted while rendering, as each answer arrives.
  const restoredKey = searchParams.get("restored") ?? "draft";
  const [seen, setSeen] = useState({
    result,
    fetched: fetcher.data,
    latest: result,
    base: { key: restoredKey, revision: article.draftRevision },
  });
  if (seen.result !== result || seen.fetched !== fetcher.data) {
    // The last answer, the owner's own submit or the autosave's, whichever came later.
    const latest = seen.fetched !== fetcher.data ? fetcher.data : result;
    setSeen({
      result,
      fetched: fetcher.data,
      latest,
      base: latest?.revision ? { key: restoredKey, revision: latest.revision } : seen.base,
    });
  }
  const latest = seen.latest;
  const baseRevision = seen.base.key === restoredKey ? seen.base.revision : article.draftRevision;
  const stale = latest?.stale;
  const waitingPress = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const press = waitingPress.current;
    if (fetcher.state !== "idle" || !press) return;
    waitingPress.current = null;
    press.closest("form")?.requestSubmit(press);
  }, [fetcher.state]);
  const errors = result?.fieldErrors ?? fetcher.data?.fieldErrors ?? {};

  return (
    <div className="space-y-6">
      <BackLink to="/admin/content" label="Content" className="-ml-3" />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 text-3xl font-semibold break-words">
          {draft.title || "Untitled article"}
        </h1>
        <ArticleStateBadge state={article.state} />
      </div>
      <p className="text-sm text-muted-foreground" data-testid="article-status">
        {article.state === "published" && (
          <>
            Live at{" "}
            <a href={`/articles/${article.slug}`} className="underline">
              /articles/{article.slug}
            </a>{" "}
            (revision {article.publishedRevision}).{" "}
          </>
        )}
        {article.publishAt && (
          <>
            Publishes <AdminTime iso={article.publishAt} />.{" "}
          </>
        )}
        Draft: revision {article.draftRevision}.{" "}
        <Link to={`/admin/content/${article.id}/preview`} className="underline">
          Preview the draft
        </Link>
      </p>
      {result?.notice && <ConsoleNotice>{result.notice}</ConsoleNotice>}
      {result?.error && !result.stale && <ConsoleAlert>{result.error}</ConsoleAlert>}
      {stale && (
        <StaleChoice
          formId="article-form"
          articleId={article.id}
          stale={stale}
          message={latest?.error}
        />
      )}

      <div ref={wrapper}>
        <AdminForm
          id="article-form"
          key={restoredKey}
          className="max-w-3xl space-y-5"
          onChange={schedule}
          onSubmit={(event) => {
            cancel();
            // An autosave still in flight would make this form's revision stale by its own
            // save: the press waits for the autosave's answer, then goes with the new revision.
            if (fetcher.state !== "idle") {
              event.preventDefault();
              waitingPress.current = (event.nativeEvent as SubmitEvent).submitter;
            }
          }}
          data-testid="article-form"
        >
          <input type="hidden" name="baseRevision" value={baseRevision} />
          {stale && <input type="hidden" name="newerRevision" value={stale.newer} />}
          <Field name="title" label="Title" defaultValue={draft.title} error={errors.title} />
          <Field
            name="slug"
            label="Address"
            defaultValue={draft.slug}
            error={errors.slug}
            hint="The page's address after /articles/: lowercase letters, digits and dashes. A published article's old addresses keep leading to it."
          />
          <Field
            name="excerpt"
            label="Excerpt"
            defaultValue={draft.excerpt}
            error={errors.excerpt}
            multiline
            hint="Shown on the article cards and under the title."
          />
          <div className="grid gap-1.5">
            <Label htmlFor="category">Category</Label>
            <select
              id="category"
              name="category"
              defaultValue={draft.category}
              className="h-10 rounded-md border bg-background px-3 text-sm"
            >
              {articleCategories.map((category) => (
                <option key={category}>{category}</option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <span className="text-sm font-medium" id="body-label">
              Body
            </span>
            <Suspense fallback={<div className="min-h-64 rounded-md border" aria-busy="true" />}>
              <ArticleEditor
                initial={draft.body}
                imageMaxMegabytes={imageMaxMegabytes}
                onChange={(next) => {
                  setBody(next);
                  schedule();
                }}
              />
            </Suspense>
            <input type="hidden" name="body" value={JSON.stringify(body)} />
            {errors.body && <p className="text-sm text-destructive">{errors.body}</p>}
          </div>
          <CoverImageField
            src={draft.coverImage ?? ""}
            alt={draft.coverAlt ?? ""}
            errors={errors}
            maxMegabytes={imageMaxMegabytes}
            onChange={schedule}
          />
          <Field
            name="seoTitle"
            label="Search title"
            defaultValue={draft.seoTitle ?? ""}
            hint="Leave empty to use the title."
          />
          <Field
            name="seoDescription"
            label="Search description"
            defaultValue={draft.seoDescription ?? ""}
            multiline
            hint="Leave empty to use the excerpt."
          />
          <Field
            name="keywords"
            label="Keywords"
            defaultValue={draft.keywords.join(", ")}
            hint="Separated by commas."
          />
          <AutosaveStatus status={status} />
          <ArticleSendChoice
            counts={listCounts}
            sent={sentAs}
            onReadersChange={(readers) => setTicked({ readers, sentLists })}
          />
          <PublishControls
            publishLabel={
              readersToEmail > 0
                ? `Publish and email ${readersToEmail} reader${readersToEmail === 1 ? "" : "s"}`
                : "Publish"
            }
          />
        </AdminForm>
      </div>

      {(article.state === "published" || article.state === "scheduled") && (
        <AdminForm className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="unpublish" variant="outline">
            Unpublish
          </Button>
        </AdminForm>
      )}
      <AdminForm className="flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="delete" variant="outline">
          Delete article
        </Button>
      </AdminForm>

      <RevisionHistory
        revisions={article.revisions}
        draftRevision={article.draftRevision}
        publishedRevision={article.publishedRevision}
        diff={diff}
      />
      <p>
        <Link to="/admin/content" className={buttonVariants({ variant: "link" })}>
          All articles
        </Link>
      </p>
    </div>
  );
}
