import { Link, redirect } from "react-router";
import type { Route } from "./+types/admin.content";
import { AdminForm } from "~/components/admin/admin-form";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTime } from "~/components/admin/admin-time";
import { ArticleStateBadge } from "~/components/admin/article-state-badge";
import { durationLabel } from "~/lib/duration-label";
import { Button } from "~/components/ui/button";
import { requireAdminAction, requireAdminPage } from "~/.server/admin";
import { readFormBody } from "~/.server/http/request-body";
import {
  createArticle,
  createResource,
  listConsoleArticles,
  listConsoleResources,
} from "~/.server/publishing";

export const meta = () => adminMeta("Content");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const [articles, resources] = await Promise.all([
    listConsoleArticles(context.db),
    listConsoleResources(context.db),
  ]);
  return { articles, resources };
}

/** "New article", "New guide", "New audio practice": an empty draft, opened in its editor. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const session = await requireAdminAction(request, context, formData);
  const kind = formData.get("kind");
  if (kind === "guide" || kind === "audio") {
    const { id } = await createResource(context, { actor: session.email, kind });
    return redirect(`/admin/content/resources/${id}`);
  }
  const { id } = await createArticle(context, { actor: session.email });
  return redirect(`/admin/content/${id}`);
}

export default function AdminContent({
  loaderData: { articles, resources },
}: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-semibold">Content</h1>
        <AdminForm className="flex flex-wrap gap-2">
          <Button type="submit">New article</Button>
          <Button type="submit" name="kind" value="guide" variant="outline">
            New guide
          </Button>
          <Button type="submit" name="kind" value="audio" variant="outline">
            New audio practice
          </Button>
        </AdminForm>
      </div>
      <ul className="divide-y rounded-lg border bg-card" data-testid="article-list">
        {articles.map((article) => (
          <li key={article.id}>
            <Link
              to={`/admin/content/${article.id}`}
              className="flex flex-col gap-1 p-4 hover:bg-muted sm:flex-row sm:items-center sm:justify-between"
            >
              <span className="min-w-0 font-medium break-words">{article.title}</span>
              <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <ArticleStateBadge state={article.state} />
                {article.unpublishedChanges && <span>unpublished changes</span>}
                <span className="break-all">/articles/{article.slug}</span>
                <span>
                  {article.publishAt ? "for " : "changed "}
                  <AdminTime iso={article.publishAt ?? article.updatedAt} />
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <h2 className="text-xl font-semibold">Guides and audio practices</h2>
      {resources.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          None yet: the four built-in downloads are listed on /resources until you add one.
        </p>
      ) : (
        <ul className="divide-y rounded-lg border bg-card" data-testid="resource-list">
          {resources.map((resource) => (
            <li key={resource.id}>
              <Link
                to={`/admin/content/resources/${resource.id}`}
                className="flex flex-col gap-1 p-4 hover:bg-muted sm:flex-row sm:items-center sm:justify-between"
              >
                <span className="min-w-0 font-medium break-words">
                  {resource.draft.title ||
                    (resource.kind === "guide" ? "Untitled guide" : "Untitled audio practice")}
                </span>
                <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <ArticleStateBadge state={resource.state} />
                  {resource.unpublishedChanges && <span>unpublished changes</span>}
                  <span>
                    {resource.kind === "guide" ? "PDF guide" : "Audio"}
                    {resource.draft.file?.seconds
                      ? `, ${durationLabel(resource.draft.file.seconds)}`
                      : ""}
                  </span>
                  <span>
                    {resource.publishAt ? "for " : "changed "}
                    <AdminTime iso={resource.publishAt ?? resource.updatedAt} />
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
