import { BookOpen, Clock } from "lucide-react";
import type { Route } from "./+types/sample-excerpts";
import { listSampleChapters } from "~/.server/content/sample-chapters";
import { pageSeo } from "~/.server/content/page-seo";
import {
  BookLinks,
  chapterAnchor,
  SampleChapterExcerpt,
} from "~/components/sample-excerpts/sample-chapter-excerpt";
import { Badge } from "~/components/ui/badge";
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
          <BookLinks closing={page.closing} className="mt-8 flex flex-wrap gap-3" />
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

      {chapters.map((chapter) => (
        <SampleChapterExcerpt key={chapter.chapterNumber} chapter={chapter} labels={page} />
      ))}

      <section aria-labelledby="closing-title" className="container-page pt-4 pb-20">
        <div className="mx-auto max-w-3xl rounded-2xl bg-gradient-to-br from-secondary via-background to-sage/40 px-6 py-12 text-center sm:px-12">
          <h2 id="closing-title" className="text-3xl font-semibold text-primary">
            {page.closing.title}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-muted-foreground">{page.closing.text}</p>
          <BookLinks closing={page.closing} className="mt-8 flex flex-wrap justify-center gap-3" />
        </div>
      </section>
    </>
  );
}
