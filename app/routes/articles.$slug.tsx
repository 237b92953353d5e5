import { ArrowRight, BookOpen, Calendar, Clock } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/articles.$slug";
import { findArticle } from "~/.server/content/articles";
import { pageSeo } from "~/.server/content/page-seo";
import { formatArticleDate } from "~/components/articles/article-date";
import { ArticleTeaserGrid } from "~/components/articles/article-teaser-grid";
import { ShareArticleButton } from "~/components/articles/share-article-button";
import { Prose } from "~/components/prose/prose";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { BackLink } from "~/components/page/back-link";
import { articlePageCopy, readTimeLabel } from "~/content/articles";
import { metaFromLoaderData } from "~/lib/route-meta";
import { absoluteUrl, articleJsonLd } from "~/lib/seo";
import { siteConfig } from "~/lib/site";
import { useSiteSettings } from "~/lib/use-site-settings";

export function loader({ params }: Route.LoaderArgs) {
  const article = findArticle(params.slug);
  if (!article) throw data(null, { status: 404 });
  return {
    article,
    copy: articlePageCopy,
    meta: pageSeo((siteUrl) => ({
      title: article.title,
      description: article.summary,
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
    })),
  };
}

export const meta = metaFromLoaderData;

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, copy } = loaderData;
  const { siteUrl } = useSiteSettings();
  return (
    <>
      <article className="container-page max-w-3xl! py-12 sm:py-16" data-testid="article">
        <BackLink
          to={copy.backLink.href}
          label={copy.backLink.label}
          variant="link"
          className="px-0!"
        />

        <header className="mt-6 border-b pb-8">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
            <Badge variant="secondary" data-testid="article-category">
              {article.category}
            </Badge>
            <span className="flex items-center gap-1" data-testid="article-read-time">
              <Clock className="size-4" aria-hidden="true" />
              {readTimeLabel(article.readTimeMinutes)}
            </span>
            <span className="flex items-center gap-1">
              <Calendar className="size-4" aria-hidden="true" />
              <time
                dateTime={article.date}
                title={formatArticleDate(article.date)}
                data-testid="article-published"
              >
                {article.publishedLabel}
              </time>
            </span>
          </div>
          <h1 className="mt-5 text-3xl leading-tight font-semibold text-primary sm:text-5xl">
            {article.title}
          </h1>
          <p className="mt-5 text-xl leading-relaxed text-muted-foreground">{article.summary}</p>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
            <p className="text-sm">
              By <span className="font-semibold">{siteConfig.author.name}</span>
              <span className="text-muted-foreground"> · {siteConfig.author.role}</span>
            </p>
            <ShareArticleButton
              label={article.shareLabel}
              title={article.title}
              summary={article.summary}
              canonicalUrl={absoluteUrl(siteUrl, article.path)}
            />
          </div>
        </header>

        <Prose html={article.html} className="mt-10" />

        <aside
          aria-labelledby="article-ending-title"
          className="mt-14 rounded-2xl bg-gradient-to-br from-secondary via-background to-sage/40 p-8 sm:p-10"
        >
          <BookOpen className="mb-3 size-8 text-accent" aria-hidden="true" />
          <h2 id="article-ending-title" className="text-2xl font-semibold text-primary">
            {copy.ending.title}
          </h2>
          <p className="mt-2 text-muted-foreground">{copy.ending.text}</p>
          <Button asChild variant="zen" size="lg" className="mt-6">
            <Link to={copy.ending.cta.href}>
              {copy.ending.cta.label}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </aside>
      </article>

      {article.continueReading.length > 0 && (
        <section
          aria-labelledby="continue-reading-title"
          className="bg-secondary/40 py-14"
          data-testid="continue-reading"
        >
          <div className="container-page max-w-5xl!">
            <h2 id="continue-reading-title" className="mb-8 text-3xl font-semibold text-primary">
              {copy.continueReadingTitle}
            </h2>
            <ArticleTeaserGrid teasers={article.continueReading} />
          </div>
        </section>
      )}
    </>
  );
}
