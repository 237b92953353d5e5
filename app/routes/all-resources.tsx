import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/all-resources";
import { pageSeo } from "~/.server/content/page-seo";
import {
  articleFeedLinks,
  publishedArticleTeasers,
  publishedResources,
  resourceDownloadItem,
} from "~/.server/publishing";
import { ArticleTeaserGrid } from "~/components/articles/article-teaser-grid";
import { DownloadItemCard } from "~/components/free-library/download-item-card";
import { PageHero } from "~/components/page/page-hero";
import { NewsletterBox } from "~/components/resources/newsletter-box";
import { SectionHeading } from "~/components/page/section-heading";
import { downloadCategories, libraryItems } from "~/content/free-library";
import { allResourcesPage } from "~/content/resources";
import { metaFromLoaderData } from "~/lib/route-meta";

function categoryId(category: string) {
  return category === "Articles & Insights"
    ? allResourcesPage.articlesSectionId
    : category.toLowerCase().replace(/[^a-z]+/g, "-");
}

export async function loader({ context }: Route.LoaderArgs) {
  // The built-in items, then the console's guides and practices in their categories (decision 270).
  const items = [
    ...libraryItems,
    ...(await publishedResources(context.db)).map(resourceDownloadItem),
  ];
  return {
    page: allResourcesPage,
    categories: downloadCategories.map((category) => ({
      category,
      id: categoryId(category),
      lead: allResourcesPage.categoryLeads[category],
      items: items.filter((item) => item.category === category),
    })),
    articles: await publishedArticleTeasers(context.db),
    meta: pageSeo({
      title: "All Downloads: Free Guides, Audio Practices and Insights",
      description:
        "The complete free library of presence-based selling: PDF guides and workbooks, guided audio practices, insight papers and every article. No email required.",
      path: "/all-resources",
      keywords: ["sales guides pdf", "guided sales meditation", "sales workbook", "sales insights"],
    }).concat(articleFeedLinks),
  };
}

export const meta = metaFromLoaderData;

export default function AllResources({ loaderData }: Route.ComponentProps) {
  const { page, categories, articles } = loaderData;
  return (
    <>
      <PageHero eyebrow={page.hero.eyebrow} title={page.hero.title} lead={page.hero.lead}>
        <nav aria-label="Library categories" className="mt-3 flex flex-wrap gap-2">
          <Link
            to={page.backLink.href}
            className="inline-flex items-center gap-1.5 rounded-full border bg-card px-4 py-2 text-sm font-medium text-primary hover:bg-muted"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            {page.backLink.label}
          </Link>
          {categories.map(({ category, id }) => (
            <a
              key={id}
              href={`#${id}`}
              className="rounded-full border bg-card px-4 py-2 text-sm font-medium text-primary hover:bg-muted"
            >
              {category}
            </a>
          ))}
        </nav>
      </PageHero>

      {categories.map(({ category, id, lead, items }, index) => (
        <section
          key={id}
          id={id}
          aria-labelledby={`${id}-title`}
          className={index % 2 === 1 ? "bg-secondary/40 py-14" : "py-14"}
          data-testid="library-category"
        >
          <div className="container-page">
            <SectionHeading id={`${id}-title`} title={category} lead={lead} />
            <ul
              className={
                items.length === 4
                  ? "grid gap-5 sm:grid-cols-2 lg:grid-cols-4"
                  : "grid gap-5 sm:grid-cols-2 lg:grid-cols-3"
              }
            >
              {items.map((item) => (
                <li key={item.title} data-testid="library-item">
                  <DownloadItemCard item={item} />
                </li>
              ))}
            </ul>
            {id === page.articlesSectionId && (
              <>
                <h3 className="mt-14 mb-6 text-2xl font-semibold text-primary">
                  {page.articlesListTitle}
                </h3>
                <ArticleTeaserGrid teasers={articles} className="lg:grid-cols-3" />
              </>
            )}
          </div>
        </section>
      ))}

      <NewsletterBox
        title={page.newsletter.title}
        lead={page.newsletter.lead}
        source="/all-resources"
      />
    </>
  );
}
