import { Link, redirect } from "react-router";
import type { Route } from "./+types/admin.content";
import { AdminForm } from "~/components/admin/admin-form";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTime } from "~/components/admin/admin-time";
import { ArticleStateBadge } from "~/components/admin/article-state-badge";
import { Button } from "~/components/ui/button";
import { requireAdminAction, requireAdminPage } from "~/.server/admin/admin-request";
import { readFormBody } from "~/.server/http/request-body";
import { createArticle, listConsoleArticles } from "~/.server/publishing";

export const meta = () => adminMeta("Content");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return { articles: await listConsoleArticles(context.db) };
}

/** "New article": an empty draft, opened in the editor. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const session = await requireAdminAction(request, context, formData);
  const { id } = await createArticle(context, { actor: session.email });
  return redirect(`/admin/content/${id}`);
}

export default function AdminContent({ loaderData: { articles } }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-semibold">Content</h1>
        <AdminForm>
          <Button type="submit">New article</Button>
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
    </div>
  );
}
