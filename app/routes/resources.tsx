import type { Route } from "./+types/resources";
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
import { featuredDownloads } from "~/content/free-library";
import { resourcesPage } from "~/content/resources";
import { metaFromLoaderData } from "~/lib/route-meta";
import { faqJsonLd } from "~/lib/seo";

export async function loader({ context }: Route.LoaderArgs) {
  return {
    page: resourcesPage,
    // The built-in four, then what the owner published in the console (decision 270).
    downloads: [
      ...featuredDownloads,
      ...(await publishedResources(context.db)).map(resourceDownloadItem),
    ],
    articles: await publishedArticleTeasers(context.db),
    meta: pageSeo({
      title: "Free Sales Resources: Guides, Audio Practices and Articles",
      description:
        "Free guides, audio practices and articles on presence-based selling: handle objections calmly, recognize the sales ego and build trust. No email required.",
      path: "/resources",
      keywords: ["free sales resources", "sales guides", "sales articles", "objection handling"],
      jsonLd: [faqJsonLd(resourcesPage.faqs)],
    }).concat(articleFeedLinks),
  };
}

export const meta = metaFromLoaderData;

export default function Resources({ loaderData }: Route.ComponentProps) {
  const { page, downloads, articles } = loaderData;
  return (
    <>
      <PageHero eyebrow={page.hero.eyebrow} title={page.hero.title} lead={page.hero.lead} />

      <section aria-labelledby="downloads-title" className="container-page py-16">
        <SectionHeading
          id="downloads-title"
          title={page.downloads.title}
          lead={page.downloads.lead}
          action={page.downloads.allResourcesCta}
        />
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4" data-testid="free-downloads">
          {downloads.map((item) => (
            <li key={item.title}>
              <DownloadItemCard item={item} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="insights-title" className="bg-secondary/40 py-16">
        <div className="container-page">
          <SectionHeading
            id="insights-title"
            title={page.articles.title}
            lead={page.articles.lead}
            action={page.articles.viewAllCta}
          />
          <ArticleTeaserGrid
            teasers={articles}
            className="lg:grid-cols-3"
            testId="article-teasers"
          />
        </div>
      </section>

      <NewsletterBox title={page.subscribe.title} lead={page.subscribe.lead} source="/resources" />

      <section aria-labelledby="faq-title" className="container-page pb-20">
        <h2 id="faq-title" className="text-2xl font-semibold text-primary sm:text-3xl">
          {page.faqTitle}
        </h2>
        <dl className="mt-6 grid gap-6 md:grid-cols-3">
          {page.faqs.map(({ question, answer }) => (
            <div key={question} className="rounded-lg border bg-card p-6">
              <dt className="font-serif text-lg font-semibold text-primary">{question}</dt>
              <dd className="mt-2 text-muted-foreground">{answer}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
