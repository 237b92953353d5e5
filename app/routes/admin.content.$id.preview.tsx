import { data, Link } from "react-router";
import type { Route } from "./+types/admin.content.$id.preview";
import { adminMeta } from "~/components/admin/admin-meta";
import { ArticlePageView } from "~/components/articles/article-page-view";
import { requireAdminPage } from "~/.server/admin";
import { previewArticle } from "~/.server/publishing";
import { articlePageCopy } from "~/content/articles";
import { useSiteSettings } from "~/lib/use-site-settings";

export const meta = ({ data: loaderData }: Route.MetaArgs) =>
  adminMeta(`Preview: ${loaderData?.article.title || "Untitled article"}`);

/** The draft drawn by the published page's own view, before anyone else can see it. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const article = await previewArticle(context.db, params.id, context.clock.now());
  if (!article) throw data("Article not found", 404);
  return { article, copy: articlePageCopy, id: params.id };
}

export default function AdminArticlePreview({ loaderData }: Route.ComponentProps) {
  const { siteUrl } = useSiteSettings();
  return (
    <div className="space-y-4">
      <p role="note" className="rounded-md border bg-card p-3 text-sm">
        Preview of the draft, as its page will show it.{" "}
        <Link to={`/admin/content/${loaderData.id}`} className="underline">
          Back to the editor
        </Link>
      </p>
      <div className="rounded-lg border bg-background" data-testid="article-preview">
        <ArticlePageView article={loaderData.article} copy={loaderData.copy} siteUrl={siteUrl} />
      </div>
    </div>
  );
}
