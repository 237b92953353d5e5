import { ArrowRight, Check, Sparkles, X } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/method";
import { CallToActionBand } from "~/components/page/call-to-action-band";
import { PageHero } from "~/components/page/page-hero";
import { SectionHeading } from "~/components/page/section-heading";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { IconList } from "~/components/ui/icon-list";
import { methodPage } from "~/content/method-page";
import { pageSeo } from "~/.server/content/page-seo";
import { cn } from "~/lib/class-names";
import { metaFromLoaderData } from "~/lib/route-meta";

export function loader() {
  return {
    ...methodPage,
    meta: pageSeo({
      title: "The Seven Practices of Presence-Based Selling",
      description:
        "The seven practices of the method — from the Knower and the Known to Linguistic Vigilance — and how presence-based selling differs from traditional persuasion.",
      path: "/method",
      keywords: ["seven practices", "witness consciousness", "non-dual selling", "sales method"],
    }),
  };
}

export const meta = metaFromLoaderData;

/** One side of a comparison row; its label shows on phones and is read by screen readers. */
function ComparisonSide({
  side,
  label,
  text,
}: {
  side: "traditional" | "presence";
  label: string;
  text: string;
}) {
  const presence = side === "presence";
  const Icon = presence ? Check : X;
  return (
    <p
      className={cn(
        "flex gap-2 text-sm",
        presence ? "font-medium text-foreground" : "text-muted-foreground",
      )}
      data-side={side}
    >
      <Icon
        aria-hidden="true"
        className={cn("mt-0.5 size-4 shrink-0", presence ? "text-accent" : "text-destructive")}
      />
      <span>
        <span
          className={cn(
            "block text-xs font-semibold tracking-wide uppercase md:sr-only",
            presence && "text-accent",
          )}
        >
          {label}
          <span className="sr-only">: </span>
        </span>
        {text}
      </span>
    </p>
  );
}

export default function Method({ loaderData }: Route.ComponentProps) {
  const { hero, practices, practicesHeading, practiceLabels, comparison, closing } = loaderData;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} lead={hero.lead} />

      <section aria-labelledby="practices-title" className="container-page py-12 sm:py-16">
        <h2 id="practices-title" className="sr-only">
          {practicesHeading}
        </h2>
        <ol className="flex flex-col gap-8" data-testid="practices">
          {practices.map((practice, index) => (
            <li key={practice.title} data-testid="practice">
              <Card className="overflow-hidden">
                <div className="grid lg:grid-cols-[14rem_1fr]">
                  <div className="flex items-center gap-4 bg-primary px-6 py-5 text-primary-foreground lg:flex-col lg:items-start lg:justify-center lg:gap-2">
                    <span className="font-serif text-4xl font-semibold text-gold sm:text-5xl">
                      {String(index + 1).padStart(2, "0")}
                    </span>
                    <span className="text-sm tracking-wide text-primary-foreground/80 uppercase">
                      Practice {index + 1} of {practices.length}
                    </span>
                  </div>
                  <div>
                    <CardHeader>
                      <CardTitle className="text-2xl text-primary sm:text-3xl">
                        {practice.title}
                      </CardTitle>
                      <p className="font-medium text-accent" data-testid="practice-subtitle">
                        {practice.subtitle}
                      </p>
                      <p className="mt-2 leading-relaxed text-muted-foreground">
                        {practice.description}
                      </p>
                    </CardHeader>
                    <CardContent className="grid gap-6 md:grid-cols-2">
                      <div>
                        <h4 className="mb-3 text-sm font-semibold tracking-wide text-foreground uppercase">
                          {practiceLabels.practices}
                        </h4>
                        <IconList items={practice.practices} icon={Sparkles} size="sm" />
                      </div>
                      <div className="rounded-md bg-secondary/60 p-4">
                        <h4 className="mb-3 text-sm font-semibold tracking-wide text-secondary-foreground uppercase">
                          {practiceLabels.salesBenefits}
                        </h4>
                        <IconList items={practice.salesBenefits} size="sm" />
                      </div>
                    </CardContent>
                  </div>
                </div>
              </Card>
            </li>
          ))}
        </ol>
      </section>

      <section
        aria-labelledby="comparison-title"
        className="bg-muted py-16 sm:py-20"
        data-testid="comparison"
      >
        <div className="container-page">
          <SectionHeading
            id="comparison-title"
            title={comparison.title}
            lead={comparison.lead}
            align="center"
          />
          <p
            aria-hidden="true"
            className="mx-auto mb-3 hidden max-w-4xl grid-cols-[8rem_1fr_1fr] gap-3 px-5 text-xs font-semibold tracking-wide text-muted-foreground uppercase md:grid"
          >
            <span />
            <span>{comparison.traditionalLabel}</span>
            <span>{comparison.presenceLabel}</span>
          </p>
          <ul className="mx-auto flex max-w-4xl flex-col gap-4">
            {comparison.pairs.map((pair) => (
              <li
                key={pair.aspect}
                className="grid gap-3 rounded-lg border bg-card p-5 shadow-soft md:grid-cols-[8rem_1fr_1fr] md:items-center"
                data-testid="comparison-pair"
              >
                <h3 className="font-serif text-lg font-semibold text-primary">{pair.aspect}</h3>
                <ComparisonSide
                  side="traditional"
                  label={comparison.traditionalLabel}
                  text={pair.traditional}
                />
                <ComparisonSide
                  side="presence"
                  label={comparison.presenceLabel}
                  text={pair.presence}
                />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CallToActionBand
        id="closing-title"
        title={closing.title}
        lead={closing.lead}
        tone="soft"
        className="container-page pt-16 sm:pt-20"
      >
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg" variant="zen">
            <Link to={closing.training.href}>
              {closing.training.label}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="presence">
            <Link to={closing.book.href}>{closing.book.label}</Link>
          </Button>
        </div>
      </CallToActionBand>
    </>
  );
}
