import { ArrowRight, BookOpen, Clock, Eye, Flame, Lightbulb, ListChecks } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/sample-excerpts";
import { listSampleChapters } from "~/.server/content/sample-chapters";
import { pageSeo } from "~/.server/page-seo";
import { Prose } from "~/components/prose/prose";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { sampleExcerptsPage } from "~/content/sample-chapters";
import { BOOK_PDF_PRICE } from "~/lib/catalog";
import { metaFromLoaderData } from "~/lib/route-meta";
import { bookJsonLd } from "~/lib/seo";
import { siteConfig } from "~/lib/site";

export function loader() {
  const chapters = listSampleChapters();
  return {
    page: sampleExcerptsPage,
    chapters,
    meta: pageSeo((siteUrl) => ({
      title: `Free Preview: Three Chapters of ${siteConfig.product.name}`,
      description: `Read excerpts from Chapters ${chapters.map((chapter) => chapter.chapterNumber).join(", ")} of ${siteConfig.product.name} free: real sales scenarios, ego versus witness responses and practices you can use today.`,
      path: "/sample-excerpts",
      type: "book",
      keywords: ["free book preview", "sample chapters", "sales book excerpt"],
      jsonLd: [bookJsonLd(siteUrl, { price: BOOK_PDF_PRICE, path: "/buy-now" })],
    })),
  };
}

export const meta = metaFromLoaderData;

function chapterAnchor(chapterNumber: number) {
  return `chapter-${chapterNumber}`;
}

export default function SampleExcerpts({ loaderData }: Route.ComponentProps) {
  const { page, chapters } = loaderData;
  return (
    <>
      <section
        aria-labelledby="page-title"
        className="bg-gradient-to-b from-secondary/60 via-background to-background"
      >
        <div className="container-page py-16 sm:py-20">
          <Badge className="bg-gold! text-gold-foreground!">{page.eyebrow}</Badge>
          <h1
            id="page-title"
            className="mt-4 max-w-3xl text-4xl leading-tight font-semibold text-primary sm:text-5xl"
          >
            {page.title}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-muted-foreground">{page.lead}</p>
          <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-primary">
            <li className="flex items-center gap-1.5" data-testid="read-time">
              <Clock className="size-4 text-accent" aria-hidden="true" />
              {page.readTimeMinutes}-minute read
            </li>
            <li className="flex items-center gap-1.5" data-testid="chapter-count">
              <BookOpen className="size-4 text-accent" aria-hidden="true" />
              {chapters.length} chapter excerpts from a book of {page.fullBookChapters} chapters
            </li>
          </ul>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg" variant="zen">
              <Link to={page.closing.primaryCta.href}>
                {page.closing.primaryCta.label}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="presence">
              <Link to={page.closing.secondaryCta.href}>{page.closing.secondaryCta.label}</Link>
            </Button>
          </div>
          <nav aria-label="Chapters in this preview" className="mt-10">
            <ol className="grid gap-3 sm:grid-cols-3">
              {chapters.map((chapter) => (
                <li key={chapter.chapterNumber}>
                  <a
                    href={`#${chapterAnchor(chapter.chapterNumber)}`}
                    className="block h-full rounded-lg border bg-card p-4 shadow-soft transition-colors hover:border-accent"
                  >
                    <span className="text-xs font-semibold tracking-wide text-accent uppercase">
                      {chapter.chapterLabel}
                    </span>
                    <span className="mt-1 block font-serif font-semibold text-primary">
                      {chapter.title}
                    </span>
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        </div>
      </section>

      {chapters.map((chapter) => {
        const id = chapterAnchor(chapter.chapterNumber);
        return (
          <article
            key={id}
            id={id}
            aria-labelledby={`${id}-title`}
            className="container-page max-w-3xl! border-b py-14 last-of-type:border-b-0"
            data-testid="sample-chapter"
          >
            <p className="text-sm font-semibold tracking-wide text-accent uppercase">
              {chapter.chapterLabel}
            </p>
            <h2 id={`${id}-title`} className="mt-2 text-3xl font-semibold text-primary sm:text-4xl">
              {chapter.title}
            </h2>
            <p className="mt-2 font-serif text-xl text-muted-foreground italic">
              {chapter.subtitle}
            </p>
            <p className="mt-6 text-lg leading-relaxed">{chapter.intro}</p>

            <h3 className="mt-10 flex items-center gap-2 text-xl font-semibold text-primary">
              <Lightbulb className="size-5 text-accent" aria-hidden="true" />
              {chapter.insightHeading}
            </h3>
            <Prose html={chapter.insightHtml} className="mt-3" />

            <h3 className="mt-10 text-xl font-semibold text-primary">{chapter.cycle.heading}</h3>
            <ol className="mt-4 space-y-3">
              {chapter.cycle.items.map((item, index) => (
                <li key={item} className="flex gap-3 rounded-lg border bg-card p-4">
                  <span className="grid size-7 shrink-0 place-items-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground">
                    {index + 1}
                  </span>
                  <span>{item}</span>
                </li>
              ))}
            </ol>

            <section
              aria-labelledby={`${id}-scenario`}
              className="mt-10 rounded-2xl bg-secondary/50 p-6 sm:p-8"
            >
              <h3 id={`${id}-scenario`} className="text-xl font-semibold text-primary">
                {page.scenarioLabels.heading}
              </h3>
              <p className="mt-3">
                <span className="font-semibold">{page.scenarioLabels.situation}: </span>
                {chapter.scenario.situation}
              </p>
              <div className="mt-6 grid gap-4 md:grid-cols-2">
                <div className="rounded-lg border border-destructive/30 bg-card p-5">
                  <h4 className="flex items-center gap-2 font-semibold text-destructive">
                    <Flame className="size-4" aria-hidden="true" />
                    {page.scenarioLabels.ego}
                  </h4>
                  <p className="mt-2 text-muted-foreground">{chapter.scenario.ego}</p>
                </div>
                <div className="rounded-lg border border-accent/40 bg-card p-5">
                  <h4 className="flex items-center gap-2 font-semibold text-accent">
                    <Eye className="size-4" aria-hidden="true" />
                    {page.scenarioLabels.witness}
                  </h4>
                  <p className="mt-2 text-muted-foreground">{chapter.scenario.witness}</p>
                </div>
              </div>
            </section>

            <h3 className="mt-10 flex items-center gap-2 text-xl font-semibold text-primary">
              <ListChecks className="size-5 text-accent" aria-hidden="true" />
              {chapter.practiceHeading}
            </h3>
            <ol className="mt-4 list-decimal space-y-2 pl-6 marker:font-semibold marker:text-accent">
              {chapter.practiceSteps.map((step) => (
                <li key={step} className="pl-1">
                  {step}
                </li>
              ))}
            </ol>

            <aside
              aria-label={`${chapter.chapterLabel}: ${page.keyInsightLabel}`}
              className="mt-10 rounded-r-lg border-l-4 border-gold bg-card p-6 shadow-soft"
            >
              <p className="text-sm font-semibold tracking-wide text-accent uppercase">
                {page.keyInsightLabel}
              </p>
              <p className="mt-2 font-serif text-xl leading-snug text-primary">
                {chapter.keyInsight}
              </p>
            </aside>
          </article>
        );
      })}

      <section aria-labelledby="closing-title" className="container-page pt-4 pb-20">
        <div className="mx-auto max-w-3xl rounded-2xl bg-gradient-to-br from-secondary via-background to-sage/40 px-6 py-12 text-center sm:px-12">
          <h2 id="closing-title" className="text-3xl font-semibold text-primary">
            {page.closing.title}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-muted-foreground">{page.closing.text}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg" variant="zen">
              <Link to={page.closing.primaryCta.href}>
                {page.closing.primaryCta.label}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={page.closing.secondaryCta.href}>{page.closing.secondaryCta.label}</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
