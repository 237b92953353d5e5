import { ArrowRight, BookOpen, Mail } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/book";
import { NumberedCard } from "~/components/page/numbered-card";
import { PageHero } from "~/components/page/page-hero";
import { SectionHeading } from "~/components/page/section-heading";
import { TestimonialList } from "~/components/testimonials/testimonial-list";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { IconList } from "~/components/ui/icon-list";
import { bookPage } from "~/content/book-page";
import { pageSeo } from "~/.server/content/page-seo";
import { metaFromLoaderData } from "~/lib/route-meta";
import { bookJsonLd } from "~/lib/seo";
import { siteConfig } from "~/lib/site";

export function loader() {
  return {
    ...bookPage,
    meta: pageSeo((siteUrl) => ({
      title: `${siteConfig.product.name}: The Book`,
      description: `${siteConfig.product.name} by ${siteConfig.author.name}: seven practices that replace persuasion with presence. Chapter overview, reader reviews and a free preview.`,
      path: "/book",
      type: "book",
      keywords: ["sales book", "presence-based selling book", "no-self selling"],
      jsonLd: [bookJsonLd(siteUrl, { price: bookPage.pricing.price, path: "/buy-now" })],
    })),
  };
}

export const meta = metaFromLoaderData;

export default function Book({ loaderData }: Route.ComponentProps) {
  const { hero, chapters, benefits, testimonials, pricing, contact } = loaderData;
  return (
    <>
      <PageHero
        eyebrow={hero.eyebrow}
        title={hero.title}
        lead={hero.lead}
        aside={
          <img
            src={hero.cover.src}
            alt={hero.cover.alt}
            width={hero.cover.width}
            height={hero.cover.height}
            fetchPriority="high"
            className="mx-auto h-auto w-2/3 max-w-xs rounded-md shadow-soft lg:w-full"
          />
        }
      >
        <p className="font-serif text-xl text-accent italic">{hero.subtitle}</p>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg" variant="zen">
            <Link to={hero.buy.href}>
              {hero.buy.label}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="presence">
            <Link to={hero.preview.href}>
              <BookOpen aria-hidden="true" />
              {hero.preview.label}
            </Link>
          </Button>
        </div>
      </PageHero>

      <section aria-labelledby="chapters-title" className="container-page py-16 sm:py-20">
        <SectionHeading id="chapters-title" title={chapters.title} lead={chapters.lead} />
        <ol className="grid gap-4 md:grid-cols-2" data-testid="chapters">
          {chapters.items.map((chapter) => (
            <NumberedCard
              key={chapter.title}
              label={
                typeof chapter.number === "number" ? `Chapter ${chapter.number}` : chapter.number
              }
              title={chapter.title}
              description={chapter.description}
              titleSize="xl"
            />
          ))}
        </ol>
      </section>

      <section aria-labelledby="benefits-title" className="bg-muted py-16 sm:py-20">
        <div className="container-page grid items-start gap-10 lg:grid-cols-[1.3fr_1fr]">
          <div>
            <SectionHeading id="benefits-title" title={benefits.title} />
            <IconList
              items={benefits.items}
              className="grid gap-3 sm:grid-cols-2"
              itemClassName="rounded-md bg-card p-4 shadow-soft"
              data-testid="benefits"
            />
          </div>
          <Card className="border-accent/40" data-testid="pricing-card">
            <CardHeader>
              <Badge variant="secondary" className="self-start">
                {pricing.status}
              </Badge>
              <CardTitle className="text-2xl text-primary">{pricing.title}</CardTitle>
              <p className="font-serif text-4xl font-semibold text-foreground">
                {pricing.priceLabel}
              </p>
            </CardHeader>
            <CardContent className="flex flex-col gap-5">
              <IconList items={pricing.features} size="sm" />
              <Button asChild size="lg" variant="zen">
                <Link to={pricing.cta.href}>{pricing.cta.label}</Link>
              </Button>
            </CardContent>
          </Card>
        </div>
      </section>

      <section aria-labelledby="testimonials-title" className="container-page py-16 sm:py-20">
        <SectionHeading id="testimonials-title" title={testimonials.title} align="center" />
        <TestimonialList testimonials={testimonials.items} className="grid gap-5 md:grid-cols-3" />
      </section>

      <section aria-labelledby="contact-title" className="container-page">
        <div className="flex flex-col items-start gap-4 rounded-2xl bg-gradient-to-br from-secondary via-background to-sage/40 p-8 sm:flex-row sm:items-center sm:justify-between sm:p-10">
          <div>
            <h2 id="contact-title" className="text-2xl font-semibold text-primary sm:text-3xl">
              {contact.title}
            </h2>
            <p className="mt-2 max-w-xl text-muted-foreground">{contact.lead}</p>
          </div>
          <Button asChild size="lg" variant="outline">
            <Link to={contact.cta.href}>
              <Mail aria-hidden="true" />
              {contact.cta.label}
            </Link>
          </Button>
        </div>
      </section>
    </>
  );
}
