import { ArrowRight, Mail } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/resources";
import { listArticleTeasers } from "~/.server/content/articles";
import { pageSeo } from "~/.server/page-seo";
import { ArticleTeaserCard } from "~/components/articles/article-teaser-card";
import { DownloadItemCard } from "~/components/downloads/download-item-card";
import { PageHero } from "~/components/layout/page-hero";
import { SubscribeForm } from "~/components/subscribe-form/subscribe-form";
import { Button } from "~/components/ui/button";
import { featuredDownloads } from "~/content/downloads";
import { resourcesPage } from "~/content/resources";
import { metaFromLoaderData } from "~/lib/route-meta";
import { faqJsonLd } from "~/lib/seo";

export function loader() {
  return {
    page: resourcesPage,
    downloads: featuredDownloads,
    articles: listArticleTeasers(),
    meta: pageSeo({
      title: "Free Sales Resources: Guides, Audio Practices and Articles",
      description:
        "Free guides, audio practices and articles on presence-based selling: handle objections calmly, recognize the sales ego and build trust. No email required.",
      path: "/resources",
      keywords: ["free sales resources", "sales guides", "sales articles", "objection handling"],
      jsonLd: [faqJsonLd(resourcesPage.faqs)],
    }),
  };
}

export const meta = metaFromLoaderData;

export default function Resources({ loaderData }: Route.ComponentProps) {
  const { page, downloads, articles } = loaderData;
  return (
    <>
      <PageHero eyebrow={page.hero.eyebrow} title={page.hero.title} lead={page.hero.lead} />

      <section aria-labelledby="downloads-title" className="container-page py-16">
        <div className="mb-8 flex flex-col justify-between gap-4 sm:flex-row sm:items-end">
          <div className="max-w-2xl">
            <h2 id="downloads-title" className="text-3xl font-semibold text-primary">
              {page.downloads.title}
            </h2>
            <p className="mt-2 text-muted-foreground">{page.downloads.lead}</p>
          </div>
          <Button asChild variant="outline" className="self-start sm:self-auto">
            <Link to={page.downloads.allResourcesCta.href}>
              {page.downloads.allResourcesCta.label}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
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
          <div className="mb-8 flex flex-col justify-between gap-4 sm:flex-row sm:items-end">
            <div className="max-w-2xl">
              <h2 id="insights-title" className="text-3xl font-semibold text-primary">
                {page.articles.title}
              </h2>
              <p className="mt-2 text-muted-foreground">{page.articles.lead}</p>
            </div>
            <Button asChild variant="outline" className="self-start sm:self-auto">
              <Link to={page.articles.viewAllCta.href}>
                {page.articles.viewAllCta.label}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
          <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3" data-testid="article-teasers">
            {articles.map((teaser) => (
              <li key={teaser.slug}>
                <ArticleTeaserCard teaser={teaser} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="subscribe-title" className="container-page py-16">
        <div className="mx-auto max-w-3xl rounded-2xl bg-gradient-to-br from-secondary via-background to-sage/40 px-6 py-10 text-center sm:px-12">
          <Mail className="mx-auto mb-3 size-8 text-accent" aria-hidden="true" />
          <h2 id="subscribe-title" className="text-2xl font-semibold text-primary sm:text-3xl">
            {page.subscribe.title}
          </h2>
          <p className="mx-auto mt-2 max-w-xl text-muted-foreground">{page.subscribe.lead}</p>
          <SubscribeForm source="/resources" className="mx-auto mt-6 max-w-md text-left" />
        </div>
      </section>

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
