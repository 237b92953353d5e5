import { ArrowRight, Eye, HeartHandshake, Quote, Sparkles, Waves } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { AuthorHighlights } from "~/components/home/author-highlights";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { homeContent } from "~/content/home";
import { pageSeo } from "~/.server/content/page-seo";
import { metaFromLoaderData } from "~/lib/route-meta";
import { websiteJsonLd } from "~/lib/seo";

const practiceIcons = {
  eye: Eye,
  sparkles: Sparkles,
  waves: Waves,
  "heart-handshake": HeartHandshake,
};

export function loader() {
  return {
    ...homeContent,
    meta: pageSeo((siteUrl) => ({
      title: homeContent.hero.headline,
      description:
        "Presence-based selling: a book, one-to-one sessions and workshops that replace persuasion with presence, for sales professionals, leaders and teams.",
      path: "/",
      keywords: ["sales book", "sales coaching", "mindful selling", "witness consciousness"],
      jsonLd: [websiteJsonLd(siteUrl)],
    })),
  };
}

export const meta = metaFromLoaderData;

export default function Home({ loaderData }: Route.ComponentProps) {
  const {
    hero: homeHero,
    practicesIntro: homePracticesIntro,
    practiceCards: homePracticeCards,
    quote: authorQuote,
    climberImage,
    authorSection,
    authorHighlights,
    closingCta,
    nextPage,
  } = loaderData;
  return (
    <>
      <section
        aria-labelledby="hero-title"
        className="relative isolate flex min-h-[85vh] items-center overflow-hidden bg-gradient-to-b from-secondary/60 via-background to-background"
        data-testid="home-hero"
      >
        <div
          aria-hidden="true"
          className="absolute -top-40 right-[-10%] -z-10 size-[36rem] rounded-full bg-gold/20 blur-3xl"
        />
        <div className="container-page flex flex-col items-start gap-7 py-20">
          <p className="rounded-full border border-accent/30 bg-card/70 px-3 py-1 text-sm font-medium text-accent">
            {homeHero.eyebrow}
          </p>
          <h1
            id="hero-title"
            className="max-w-4xl text-4xl leading-[1.08] font-semibold text-primary sm:text-6xl lg:text-7xl"
          >
            {homeHero.headline}
          </h1>
          <p className="max-w-2xl text-lg text-muted-foreground sm:text-xl">{homeHero.lead}</p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg" variant="zen">
              <Link to={homeHero.primaryCta.href}>
                {homeHero.primaryCta.label}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="presence">
              <Link to={homeHero.secondaryCta.href}>
                {homeHero.secondaryCta.label}
                {/* Search engines and screen readers get the link's purpose, not just "Learn More". */}
                <span className="sr-only"> {homeHero.secondaryCta.context}</span>
              </Link>
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="practices-title" className="container-page py-20">
        <div className="mb-10 max-w-2xl">
          <h2 id="practices-title" className="text-3xl font-semibold text-primary sm:text-4xl">
            {homePracticesIntro.title}
          </h2>
          <p className="mt-3 text-muted-foreground">{homePracticesIntro.lead}</p>
        </div>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4" data-testid="practice-cards">
          {homePracticeCards.map(({ icon, title, description }) => {
            const Icon = practiceIcons[icon];
            return (
              <li key={title}>
                <Card className="h-full">
                  <CardHeader>
                    <span className="mb-2 grid size-11 place-items-center rounded-full bg-secondary text-secondary-foreground">
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                    <CardTitle className="text-lg">{title}</CardTitle>
                    <CardDescription className="leading-relaxed">{description}</CardDescription>
                  </CardHeader>
                </Card>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-label="From the author" className="bg-primary py-20 text-primary-foreground">
        <div className="container-page grid items-center gap-10 lg:grid-cols-2">
          <figure>
            <Quote className="mb-4 size-10 text-gold" aria-hidden="true" />
            <blockquote className="font-serif text-2xl leading-snug sm:text-3xl">
              <p>“{authorQuote.text}”</p>
            </blockquote>
            <figcaption className="mt-5 text-primary-foreground/80">
              — {authorQuote.attribution}
            </figcaption>
          </figure>
          <div className="overflow-hidden rounded-lg shadow-soft">
            <img
              src={climberImage.src}
              alt={climberImage.alt}
              width={climberImage.width}
              height={climberImage.height}
              loading="lazy"
              decoding="async"
              className="aspect-[3/2] h-auto w-full object-cover"
            />
          </div>
        </div>
      </section>

      <section aria-labelledby="author-title" className="container-page py-20">
        <div className="mb-10 max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">
            {authorSection.eyebrow}
          </p>
          <h2 id="author-title" className="mt-2 text-3xl font-semibold text-primary sm:text-4xl">
            {authorSection.title}
          </h2>
          <p className="mt-3 text-muted-foreground">{authorSection.lead}</p>
        </div>
        <AuthorHighlights highlights={authorHighlights} />
        <Button asChild variant="link" className="mt-6 px-0!">
          <Link to={authorSection.moreLink.href}>
            {authorSection.moreLink.label}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </section>

      <section aria-labelledby="closing-title" className="container-page pb-8">
        <div className="rounded-2xl bg-gradient-to-br from-secondary via-background to-sage/40 px-6 py-14 sm:px-12">
          <h2
            id="closing-title"
            className="text-center text-3xl font-semibold text-primary sm:text-4xl"
          >
            {closingCta.title}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-center text-muted-foreground">
            {closingCta.lead}
          </p>
          <ul className="mx-auto mt-10 grid max-w-3xl gap-5 md:grid-cols-2">
            {closingCta.cards.map((card, index) => (
              <li key={card.title}>
                <Card className="flex h-full flex-col">
                  <CardHeader>
                    <CardTitle>{card.title}</CardTitle>
                    <CardDescription>{card.description}</CardDescription>
                  </CardHeader>
                  <CardContent className="mt-auto">
                    <Button asChild variant={index === 0 ? "zen" : "outline"} className="w-full">
                      <Link to={card.cta.href}>{card.cta.label}</Link>
                    </Button>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <Button asChild variant="zen" className="fixed right-5 bottom-5 z-30 rounded-full">
        <Link to={nextPage.href} aria-label={`${nextPage.label}: ${nextPage.description}`}>
          {nextPage.label}
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </>
  );
}
