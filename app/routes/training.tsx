import { ArrowRight, Clock, MonitorPlay } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/training";
import { FaqList } from "~/components/faq/faq-list";
import { PageHero } from "~/components/page/page-hero";
import { SectionHeading } from "~/components/page/section-heading";
import { ScheduleButton } from "~/components/scheduling/schedule-button";
import { TestimonialList } from "~/components/testimonials/testimonial-list";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import type { ScrollState } from "~/components/layout/scroll-manager";
import { IconList } from "~/components/ui/icon-list";
import { trainingPage } from "~/content/training-page";
import type { TrainingProgram } from "~/content/training-programs";
import { pageSeo } from "~/.server/content/page-seo";
import { cn } from "~/lib/class-names";
import { metaFromLoaderData } from "~/lib/route-meta";
import { courseJsonLd, faqJsonLd } from "~/lib/seo";

export function loader() {
  const description =
    "Presence-based sales training: the Sales Breakthrough Hour ($295 introductory rate), the 3-day Foundations Workshop, and corporate programs for teams of 10 or more.";
  return {
    ...trainingPage,
    meta: pageSeo((siteUrl) => ({
      title: "Sales Training: One-to-One, Workshop and Corporate",
      description,
      path: "/training",
      keywords: ["sales training", "sales coaching", "corporate sales training", "workshop"],
      jsonLd: [
        courseJsonLd(siteUrl, {
          name: "Presence-Based Selling Training",
          description,
          path: "/training",
        }),
        faqJsonLd(trainingPage.faq.items),
      ],
    })),
  };
}

export const meta = metaFromLoaderData;

export default function Training({ loaderData }: Route.ComponentProps) {
  const { hero, programs, session, successStories, faq } = loaderData;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} lead={hero.lead} />

      <section aria-labelledby="programs-title" className="container-page py-12 sm:py-16">
        <SectionHeading id="programs-title" title={programs.title} lead={programs.lead} />
        <ul className="grid gap-6 lg:grid-cols-3" data-testid="programs">
          {programs.items.map((program) => (
            <li key={program.id} data-testid="program" data-program={program.id}>
              <ProgramCard program={program} popularLabel={programs.popularLabel} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="session-title" className="bg-muted py-16 sm:py-20">
        <div className="container-page">
          <SectionHeading id="session-title" title={session.title} lead={session.lead} />
          <ol className="grid gap-5 md:grid-cols-3" data-testid="session-timeline">
            {session.segments.map((segment) => (
              <li
                key={segment.title}
                className="rounded-lg border-t-4 border-accent bg-card p-6 shadow-soft"
              >
                <p className="flex items-center gap-2 text-sm font-semibold text-accent">
                  <Clock aria-hidden="true" className="size-4" />
                  <span data-testid="segment-minutes">
                    {segment.startMinute}–{segment.endMinute} min
                  </span>
                </p>
                <h3 className="mt-2 text-xl font-semibold text-primary">{segment.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
                  {segment.description}
                </p>
              </li>
            ))}
          </ol>
          <div className="mt-8">
            <ScheduleButton size="lg" variant="zen">
              <MonitorPlay aria-hidden="true" />
              {session.cta}
            </ScheduleButton>
          </div>
        </div>
      </section>

      <section aria-labelledby="stories-title" className="container-page py-16 sm:py-20">
        <SectionHeading
          id="stories-title"
          title={successStories.title}
          lead={successStories.lead}
        />
        <TestimonialList
          testimonials={successStories.items}
          className="grid gap-5 md:grid-cols-3"
          data-testid="success-stories"
        />
      </section>

      <section aria-labelledby="faq-title" className="container-page">
        <SectionHeading id="faq-title" title={faq.title} />
        <FaqList items={faq.items} />
      </section>
    </>
  );
}

function ProgramCard({
  program,
  popularLabel,
}: {
  program: TrainingProgram;
  popularLabel: string;
}) {
  const { investment, action } = program;
  return (
    <Card
      className={cn("relative flex h-full flex-col", program.popular && "border-2 border-accent")}
    >
      {program.popular && (
        <Badge className="absolute -top-3 left-6 bg-accent!">{popularLabel}</Badge>
      )}
      <CardHeader>
        <CardTitle className="text-2xl text-primary">{program.title}</CardTitle>
        <p className="text-sm text-muted-foreground">
          <span>{program.duration}</span> · <span>{program.format}</span>
        </p>
        <div className="mt-3" data-testid="investment">
          {investment.kind === "price" ? (
            <p className="font-serif text-4xl font-semibold text-foreground">{investment.label}</p>
          ) : (
            <Link
              to="/contact"
              className="font-serif text-2xl font-semibold text-accent underline-offset-4 hover:underline"
            >
              {investment.label}
            </Link>
          )}
          <p className="text-sm text-muted-foreground">{investment.note}</p>
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <p className="leading-relaxed text-muted-foreground">{program.description}</p>
        <IconList items={program.features} size="sm" />
      </CardContent>
      <CardFooter>
        {action.kind === "schedule" ? (
          <ScheduleButton variant="zen" className="w-full">
            {action.label}
          </ScheduleButton>
        ) : (
          <Button asChild variant="outline" className="w-full">
            <Link
              to={action.href}
              state={
                action.scrollDelayMs
                  ? ({ scrollDelayMs: action.scrollDelayMs } satisfies ScrollState)
                  : undefined
              }
            >
              {action.label}
              {action.labelContext && <span className="sr-only"> {action.labelContext}</span>}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
