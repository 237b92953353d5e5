import { useRef } from "react";
import { data, Link, redirect, useActionData, useSearchParams } from "react-router";
import type { Route } from "./+types/admin.content.resources.$id";
import { AdminForm } from "~/components/admin/admin-form";
import { PublishControls } from "~/components/admin/publish-controls";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTime } from "~/components/admin/admin-time";
import { ArticleStateBadge } from "~/components/admin/article-state-badge";
import { AutosaveStatus } from "~/components/admin/autosave-status";
import { RevisionHistory } from "~/components/admin/revision-history";
import { useAutosave, type AutosaveResult } from "~/components/admin/use-autosave";
import { BackLink } from "~/components/page/back-link";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { requireAdminAction, requireAdminPage, requireAdminSession } from "~/.server/admin";
import { readStreamedFileUpload } from "~/.server/http/request-body";
import {
  consoleResource,
  maxResourceUploadBytes,
  publishResource,
  resourceFileFacts,
  resourceRevisionDiff,
  resourceRevisions,
  restoreResourceRevision,
  saveResourceDraft,
  unpublishResource,
} from "~/.server/publishing";
import { scheduledTime } from "~/lib/scheduled-time";
import { ConsoleNotice, ConsoleAlert } from "~/components/admin/console-message";

const kindNames = { guide: "guide", audio: "audio practice" } as const;

export const meta = ({ data: loaderData }: Route.MetaArgs) =>
  adminMeta(loaderData?.resource.draft.title || "Resource");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const [resource, history] = await Promise.all([
    consoleResource(context.db, params.id),
    resourceRevisions(context.db, params.id),
  ]);
  if (!resource || !history) throw data("Resource not found", 404);
  const url = new URL(request.url);
  const from = Number(url.searchParams.get("from"));
  const to = Number(url.searchParams.get("to"));
  const diff =
    from > 0 && to > 0
      ? await resourceRevisionDiff(context.db, { id: params.id, from, to })
      : undefined;
  return {
    resource,
    history,
    fileFacts: resource.draft.file ? resourceFileFacts(resource.draft.file) : null,
    diff: diff ? { from, to, lines: diff } : null,
    maxMegabytes: maxResourceUploadBytes / 1024 / 1024,
  };
}

/** An upload refused before it was kept (too large, not multipart): said on the page, same status. */
async function refusalOnPage(error: unknown) {
  const refusal =
    error instanceof Response &&
    [400, 413, 415].includes(error.status) &&
    error.headers.get("Content-Type")?.includes("json");
  if (!refusal) throw error;
  const { error: message } = (await error.json()) as { error: string };
  return data({ error: message }, error.status);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireAdminSession(request, context);
  let upload;
  try {
    upload = await readStreamedFileUpload(request, maxResourceUploadBytes, async (fields, file) => {
      // The CSRF field precedes the file: nothing is kept before it is checked.
      await requireAdminAction(request, context, fields);
      const chunks: Uint8Array[] = [];
      for await (const chunk of file.body) chunks.push(chunk);
      return { fileName: file.name, bytes: Buffer.concat(chunks) };
    });
  } catch (error) {
    return refusalOnPage(error);
  }
  const { fields, file } = upload;
  const session = await requireAdminAction(request, context, fields);
  const id = params.id;
  const actor = session.email;
  const intent = fields.get("intent");
  if (intent === "unpublish") {
    const outcome = await unpublishResource(context, { id, actor });
    if (outcome.outcome === "not-found") return data({ error: "It is not on the site." }, 400);
    await context.contentPages?.changed();
    return { notice: "Taken off /resources and /all-resources." };
  }
  if (intent === "restore") {
    const revision = Number(fields.get("revision"));
    const restored = await restoreResourceRevision(context, { id, revision, actor });
    if (restored.outcome === "not-found") throw data("Revision not found", 404);
    return redirect(`/admin/content/resources/${id}?restored=${restored.revision}`);
  }
  if (intent !== "save" && intent !== "autosave" && intent !== "publish" && intent !== "schedule")
    return data({ error: "Unknown action." }, 400);
  const saved = await saveResourceDraft(
    { db: context.db, clock: context.clock, uploadsDir: context.config.UPLOADS_DIR },
    {
      id,
      actor,
      title: fields.get("title") ?? "",
      description: fields.get("description") ?? "",
      upload: file,
    },
  );
  if (saved.outcome === "not-found") throw data("Resource not found", 404);
  if (saved.outcome === "refused") return data({ error: saved.message }, saved.status);
  if (intent === "save" || intent === "autosave")
    return {
      notice: saved.unchanged ? "Nothing changed." : `Saved as revision ${saved.revision}.`,
    };
  const at = intent === "schedule" ? scheduledTime(fields.get("publishAt")) : undefined;
  if (intent === "schedule" && (!at || at.getTime() <= context.clock.now().getTime()))
    return data({ error: "Give a date and time (UTC) in the future to publish it." }, 400);
  const published = await publishResource(context, { id, actor, at });
  if (published.outcome === "not-found") throw data("Resource not found", 404);
  if (published.outcome === "incomplete") return data({ error: published.message }, 400);
  await context.contentPages?.changed();
  if (published.outcome === "scheduled")
    return {
      notice: `Scheduled for ${published.publishAt.slice(0, 16).replace("T", " ")} UTC.`,
    };
  return { notice: "Published on /resources and /all-resources." };
}

export default function AdminResource({
  loaderData: { resource, history, fileFacts, diff, maxMegabytes },
}: Route.ComponentProps) {
  const result = useActionData<AutosaveResult>();
  const [searchParams] = useSearchParams();
  const wrapper = useRef<HTMLDivElement>(null);
  const { schedule, cancel, status } = useAutosave(wrapper, { multipart: true });
  const { draft } = resource;
  const kind = kindNames[resource.kind];
  const accept = resource.kind === "guide" ? "application/pdf,.pdf" : "audio/mpeg,.mp3";
  return (
    <div className="space-y-6">
      <BackLink to="/admin/content" label="Content" className="-ml-3" />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 text-3xl font-semibold break-words">
          {draft.title || `Untitled ${kind}`}
        </h1>
        <ArticleStateBadge state={resource.state} />
      </div>
      <p className="text-sm text-muted-foreground" data-testid="resource-status">
        {resource.state === "published" &&
          `Listed on /resources and /all-resources${resource.unpublishedChanges ? "; this draft has changes not published yet" : ""}. `}
        {resource.publishAt && (
          <>
            Publishes <AdminTime iso={resource.publishAt} />.{" "}
          </>
        )}
        {fileFacts ? `File: ${fileFacts}. ` : "No file yet. "}
        Draft: revision {history.draftRevision}.{" "}
        <Link to={`/admin/content/resources/${resource.id}/preview`} className="underline">
          Preview the draft
        </Link>
      </p>
      {result?.notice && <ConsoleNotice>{result.notice}</ConsoleNotice>}
      {result?.error && <ConsoleAlert>{result.error}</ConsoleAlert>}
      <div ref={wrapper}>
        <AdminForm
          key={searchParams.get("restored") ?? "draft"}
          encType="multipart/form-data"
          className="max-w-3xl space-y-5"
          onChange={schedule}
          onSubmit={cancel}
          data-testid="resource-form"
        >
          <div className="grid gap-1.5">
            <Label htmlFor="title">Title</Label>
            <Input id="title" name="title" defaultValue={draft.title} maxLength={160} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="description">Description</Label>
            <Textarea
              id="description"
              name="description"
              rows={3}
              defaultValue={draft.description}
              maxLength={600}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="file">{draft.file ? "Replace the file" : "File"}</Label>
            <Input id="file" name="file" type="file" accept={accept} aria-describedby="file-hint" />
            <p id="file-hint" className="text-xs text-muted-foreground">
              {resource.kind === "guide"
                ? `A PDF, up to ${maxMegabytes} MB.`
                : `An MP3, up to ${maxMegabytes} MB; its length is read from the file.`}
            </p>
          </div>
          <AutosaveStatus status={status} />
          <PublishControls />
        </AdminForm>
      </div>
      {(resource.state === "published" || resource.state === "scheduled") && (
        <AdminForm encType="multipart/form-data" className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="unpublish" variant="outline">
            Unpublish
          </Button>
        </AdminForm>
      )}
      <RevisionHistory
        revisions={history.revisions}
        draftRevision={history.draftRevision}
        publishedRevision={history.publishedRevision}
        diff={diff}
        multipart
      />
    </div>
  );
}
