import { ArrowRight, Eye, Flame, Lightbulb, ListChecks } from "lucide-react";
import { Link } from "react-router";
import { Prose } from "~/components/prose/prose";
import { Button } from "~/components/ui/button";
import type { SampleChapter, sampleExcerptsPage } from "~/content/sample-chapters";

type PageCopy = typeof sampleExcerptsPage;

export function chapterAnchor(chapterNumber: number) {
  return `chapter-${chapterNumber}`;
}

/** The way on from the preview: buy the book, or read about it. */
export function BookLinks({
  closing,
  className,
}: {
  closing: PageCopy["closing"];
  className?: string;
}) {
  return (
    <div className={className}>
      <Button asChild size="lg" variant="zen">
        <Link to={closing.primaryCta.href}>
          {closing.primaryCta.label}
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
      <Button asChild size="lg" variant="presence">
        <Link to={closing.secondaryCta.href}>{closing.secondaryCta.label}</Link>
      </Button>
    </div>
  );
}

/** One chapter excerpt: intro, insight, cycle, ego-versus-witness scenario, practice, key insight. */
export function SampleChapterExcerpt({
  chapter,
  labels,
}: {
  chapter: SampleChapter;
  labels: Pick<PageCopy, "scenarioLabels" | "keyInsightLabel">;
}) {
  const id = chapterAnchor(chapter.chapterNumber);
  return (
    <article
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
      <p className="mt-2 font-serif text-xl text-muted-foreground italic">{chapter.subtitle}</p>
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

      <div className="mt-10 rounded-2xl bg-secondary/50 p-6 sm:p-8">
        <h3 className="text-xl font-semibold text-primary">{labels.scenarioLabels.heading}</h3>
        <p className="mt-3">
          <span className="font-semibold">{labels.scenarioLabels.situation}: </span>
          {chapter.scenario.situation}
        </p>
        <div className="mt-6 grid gap-4 md:grid-cols-2">
          <div className="rounded-lg border border-destructive/30 bg-card p-5">
            <h4 className="flex items-center gap-2 font-semibold text-destructive">
              <Flame className="size-4" aria-hidden="true" />
              {labels.scenarioLabels.ego}
            </h4>
            <p className="mt-2 text-muted-foreground">{chapter.scenario.ego}</p>
          </div>
          <div className="rounded-lg border border-accent/40 bg-card p-5">
            <h4 className="flex items-center gap-2 font-semibold text-accent">
              <Eye className="size-4" aria-hidden="true" />
              {labels.scenarioLabels.witness}
            </h4>
            <p className="mt-2 text-muted-foreground">{chapter.scenario.witness}</p>
          </div>
        </div>
      </div>

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
        aria-label={`${chapter.chapterLabel}: ${labels.keyInsightLabel}`}
        className="mt-10 rounded-r-lg border-l-4 border-gold bg-card p-6 shadow-soft"
      >
        <p className="text-sm font-semibold tracking-wide text-accent uppercase">
          {labels.keyInsightLabel}
        </p>
        <p className="mt-2 font-serif text-xl leading-snug text-primary">{chapter.keyInsight}</p>
      </aside>
    </article>
  );
}
