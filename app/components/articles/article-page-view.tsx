import { ArrowRight, BookOpen, Calendar, Clock } from "lucide-react";
import { Link } from "react-router";
import { formatArticleDate } from "~/components/articles/article-date";
import { ArticleTeaserGrid } from "~/components/articles/article-teaser-grid";
import { ShareArticleButton } from "~/components/articles/share-article-button";
import { ArticleCover } from "~/components/articles/article-cover";
import { Prose } from "~/components/prose/prose";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { BackLink } from "~/components/page/back-link";
import { type Article, articlePageCopy, readTimeLabel } from "~/content/articles";
import { absoluteUrl } from "~/lib/seo";
import { siteConfig } from "~/lib/site";

/** What the page shows of an article: the whole article and, when it has one, its cover. */
export type ArticlePageArticle = Article & { cover?: { src: string; alt: string } | null };

/** An article's page: the published page and the console's preview draw the same. */
export function ArticlePageView({
  article,
  copy,
  siteUrl,
}: {
  article: ArticlePageArticle;
  copy: typeof articlePageCopy;
  siteUrl: string;
}) {
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

        {article.cover && <ArticleCover src={article.cover.src} alt={article.cover.alt} />}

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
