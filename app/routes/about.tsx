import { ArrowRight, BookOpen, Heart, Mic, PlayCircle, UserRound } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/about";
import { CallToActionBand } from "~/components/page/call-to-action-band";
import { PageHero } from "~/components/page/page-hero";
import { SectionHeading } from "~/components/page/section-heading";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { VideoDialog } from "~/components/video-dialog/video-dialog";
import type { ScrollState } from "~/components/layout/scroll-manager";
import { IconList } from "~/components/ui/icon-list";
import { ABOUT_SCROLL_TO_FORM_MS, aboutPage } from "~/content/about-page";
import { pageSeo } from "~/.server/content/page-seo";
import { metaFromLoaderData } from "~/lib/route-meta";
import { siteConfig } from "~/lib/site";

export function loader() {
  return {
    ...aboutPage,
    scrollDelayMs: ABOUT_SCROLL_TO_FORM_MS,
    meta: pageSeo({
      title: `About ${siteConfig.author.name}`,
      description: `${siteConfig.author.name}: serial entrepreneur with two stock-exchange offerings, 40+ years in business, a non-dual spiritual lineage, and the creator of presence-based selling.`,
      path: "/about",
      keywords: ["sales author", "keynote speaker", "serial entrepreneur", "non-dual"],
    }),
  };
}

export const meta = metaFromLoaderData;

export default function About({ loaderData }: Route.ComponentProps) {
  const { hero, timeline, spiritualFoundation, personalLife, fullStory, speaking } = loaderData;
  const toForm: ScrollState = { scrollDelayMs: loaderData.scrollDelayMs };
  return (
    <>
      <PageHero
        eyebrow={hero.eyebrow}
        title={hero.title}
        lead={hero.lead}
        aside={
          <img
            src="/images/author-portrait.svg"
            alt={`Illustrated portrait of ${hero.title} against mountains at dawn`}
            width={480}
            height={480}
            fetchPriority="high"
            className="mx-auto h-auto w-full max-w-sm rounded-full shadow-soft"
          />
        }
      >
        <ul className="flex flex-wrap gap-2" aria-label="At a glance">
          {hero.facts.map((fact) => (
            <li
              key={fact}
              className="rounded-full bg-secondary px-3 py-1 text-sm text-secondary-foreground"
            >
              {fact}
            </li>
          ))}
        </ul>
        <Button asChild size="lg" variant="zen">
          <Link to={hero.speakingCta.href} state={toForm}>
            <Mic aria-hidden="true" />
            {hero.speakingCta.label}
          </Link>
        </Button>
      </PageHero>

      <section aria-labelledby="timeline-title" className="container-page py-16 sm:py-20">
        <SectionHeading id="timeline-title" title={timeline.title} lead={timeline.lead} />
        <ol className="relative flex flex-col gap-8 border-l-2 border-accent/30 pl-6 sm:pl-10">
          {timeline.entries.map((entry) => (
            <li key={entry.year} className="relative" data-testid="timeline-entry">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[calc(1.5rem+7px)] size-3 rounded-full bg-accent ring-4 ring-background sm:-left-[calc(2.5rem+7px)]"
              />
              <p
                className="font-serif text-2xl font-semibold text-accent"
                data-testid="timeline-year"
              >
                {entry.year}
              </p>
              <h3 className="mt-1 text-xl font-semibold text-primary">{entry.title}</h3>
              <p className="mt-2 max-w-3xl leading-relaxed text-muted-foreground">
                {entry.description}
              </p>
              {entry.videoId && (
                <VideoDialog
                  videoId={entry.videoId}
                  title={entry.videoTitle ?? entry.title}
                  trigger={
                    <Button type="button" variant="witness" size="sm" className="mt-3">
                      <PlayCircle aria-hidden="true" />
                      {timeline.videoTrigger}
                    </Button>
                  }
                />
              )}
            </li>
          ))}
        </ol>
      </section>

      <section
        aria-label="Spiritual foundation and personal life"
        className="bg-muted py-16 sm:py-20"
      >
        <div className="container-page grid gap-6 lg:grid-cols-[1.4fr_1fr]">
          <Card>
            <CardHeader>
              <span className="mb-2 grid size-11 place-items-center rounded-full bg-secondary text-secondary-foreground">
                <BookOpen className="size-5" aria-hidden="true" />
              </span>
              <h2 className="text-2xl font-semibold text-primary">{spiritualFoundation.title}</h2>
              <p className="text-muted-foreground">{spiritualFoundation.lead}</p>
            </CardHeader>
            <CardContent>
              <IconList
                items={spiritualFoundation.items}
                className="flex flex-col gap-3"
                data-testid="spiritual-foundation"
              />
            </CardContent>
          </Card>
          <Card data-testid="personal-life">
            <CardHeader>
              <span className="mb-2 grid size-11 place-items-center rounded-full bg-secondary text-secondary-foreground">
                <Heart className="size-5" aria-hidden="true" />
              </span>
              <h2 className="text-2xl font-semibold text-primary">{personalLife.title}</h2>
            </CardHeader>
            <CardContent>
              <p className="leading-relaxed text-muted-foreground">{personalLife.body}</p>
            </CardContent>
          </Card>
        </div>
      </section>

      <section aria-labelledby="full-story-title" className="container-page py-16 sm:py-20">
        <div className="flex flex-col items-start gap-4 rounded-2xl border bg-card p-8 shadow-soft sm:flex-row sm:items-center sm:justify-between sm:p-10">
          <div className="max-w-2xl">
            <h2 id="full-story-title" className="text-2xl font-semibold text-primary sm:text-3xl">
              {fullStory.title}
            </h2>
            <p className="mt-2 text-muted-foreground">{fullStory.lead}</p>
          </div>
          <Button asChild size="lg" variant="outline">
            <Link to={fullStory.cta.href}>
              {fullStory.cta.label}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </section>

      <CallToActionBand
        id="speaking-title"
        title={speaking.title}
        lead={speaking.lead}
        tone="primary"
      >
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg" variant="enlighten">
            <Link to={speaking.bookSpeaking.href} state={toForm}>
              <Mic aria-hidden="true" />
              {speaking.bookSpeaking.label}
            </Link>
          </Button>
          <Button asChild size="lg" variant="presence">
            <Link to={speaking.consultation.href}>
              <UserRound aria-hidden="true" />
              {speaking.consultation.label}
            </Link>
          </Button>
        </div>
      </CallToActionBand>
    </>
  );
}
