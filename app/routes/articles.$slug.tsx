import { data, redirect } from "react-router";
import type { Route } from "./+types/articles.$slug";
import { pageSeo } from "~/.server/content/page-seo";
import { articleBySlug, articleFeedLinks, type PublicArticle } from "~/.server/publishing";
import { ArticlePageView } from "~/components/articles/article-page-view";
import { articlePageCopy } from "~/content/articles";
import { metaFromLoaderData } from "~/lib/route-meta";
import { articleJsonLd } from "~/lib/seo";
import { useSiteSettings } from "~/lib/use-site-settings";

function articlePageData(article: PublicArticle) {
  return {
    article,
    copy: articlePageCopy,
    meta: pageSeo((siteUrl) => ({
      title: article.seoTitle || article.title,
      description: article.seoDescription || article.summary,
      path: article.path,
      type: "article",
      keywords: [...article.keywords, article.category.toLowerCase()],
      jsonLd: [
        articleJsonLd(siteUrl, {
          title: article.title,
          description: article.summary,
          path: article.path,
          datePublished: article.date,
        }),
      ],
    })).concat(articleFeedLinks),
  };
}

/**
 * Read from the article store (decision 190): an old slug answers 301 to the article's address,
 * an unpublished or deleted article 410 with the way back, an unknown one 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await articleBySlug(context.db, params.slug, context.clock.now());
  if (found.outcome === "moved") throw redirect(`/articles/${found.slug}`, 301);
  if (found.outcome === "gone") throw data({ gone: true }, { status: 410 });
  if (found.outcome === "missing") throw data(null, { status: 404 });
  return articlePageData(found.article);
}

export const meta = metaFromLoaderData;

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { siteUrl } = useSiteSettings();
  return <ArticlePageView article={loaderData.article} copy={loaderData.copy} siteUrl={siteUrl} />;
}
