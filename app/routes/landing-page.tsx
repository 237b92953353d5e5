import { ArrowRight, Download, Gift, ShieldCheck, Smartphone } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/landing-page";
import { Logo } from "~/components/layout/logo";
import { StarRating } from "~/components/testimonials/star-rating";
import { TestimonialList } from "~/components/testimonials/testimonial-list";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { IconList } from "~/components/ui/icon-list";
import { landingPage } from "~/content/landing-page";
import type { RouteHandle } from "~/root";
import { pageSeo } from "~/.server/content/page-seo";
import { LANDING_PAGE_PRICE } from "~/lib/catalog";
import { cn } from "~/lib/class-names";
import { metaFromLoaderData } from "~/lib/route-meta";
import { bookJsonLd } from "~/lib/seo";
import { siteConfig } from "~/lib/site";

/** A page of its own: no site navigation, so every way forward is the purchase. */
export const handle: RouteHandle = { chrome: "bare" };

export function loader() {
  return {
    ...landingPage,
    meta: pageSeo((siteUrl) => ({
      title: `Stop Selling. Start Connecting. — ${siteConfig.product.name}`,
      description: `Get ${siteConfig.product.name}, the book that replaces pressure with presence. Rated 4.9/5 from 127 reviews. Instant PDF download for $19.95 (regularly $29.95).`,
      path: "/landingpage",
      type: "book",
      keywords: ["sales book", "stop selling start connecting", "presence-based selling"],
      jsonLd: [bookJsonLd(siteUrl, { price: LANDING_PAGE_PRICE, path: "/landingpage" })],
    })),
  };
}

export const meta = metaFromLoaderData;

const inclusionIcons = {
  download: Download,
  devices: Smartphone,
  guarantee: ShieldCheck,
  gift: Gift,
};

/** The offer price beside the struck-through list price, which screen readers name as such. */
function OfferPrice({
  offer,
  className,
  priceClassName,
  listPriceClassName,
}: {
  offer: { price: string; listPrice: string };
  className: string;
  priceClassName: string;
  listPriceClassName: string;
}) {
  return (
    <p className={cn("flex items-baseline justify-center gap-3", className)}>
      <span className={cn("font-serif font-semibold", priceClassName)}>{offer.price}</span>
      <del className={listPriceClassName}>
        <span className="sr-only">Regular price </span>
        {offer.listPrice}
      </del>
    </p>
  );
}

export default function LandingPage({ loaderData }: Route.ComponentProps) {
  const { hero, benefits, offer, stats, testimonials, inside, finalOffer, footer } = loaderData;
  return (
    <>
      <header className="border-b bg-card/80">
        <div className="container-page flex h-16 items-center">
          <Logo />
        </div>
      </header>

      <section
        aria-labelledby="landing-title"
        className="bg-gradient-to-b from-secondary/60 via-background to-background"
      >
        <div className="container-page grid items-center gap-10 py-14 sm:py-20 lg:grid-cols-[1.25fr_1fr]">
          <div className="flex flex-col items-start gap-5">
            <p className="text-sm font-semibold tracking-wide text-accent uppercase">
              {hero.eyebrow}
            </p>
            <h1
              id="landing-title"
              className="text-4xl leading-[1.08] font-semibold text-primary sm:text-6xl"
            >
              {hero.headline}
            </h1>
            <p className="flex flex-wrap items-center gap-2" data-testid="rating">
              <StarRating rating={hero.rating.value} />
              <span className="font-semibold">{hero.rating.label}</span>
              <span className="text-muted-foreground">{hero.rating.reviews}</span>
            </p>
            <p className="max-w-xl text-lg text-muted-foreground">{hero.lead}</p>
            <Button asChild size="lg" variant="zen">
              <Link to={hero.cta.href}>
                {hero.cta.label}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <IconList items={benefits} data-testid="benefits" />
          </div>
          <div className="flex flex-col items-center gap-6">
            <img
              src={hero.cover.src}
              alt={hero.cover.alt}
              width={hero.cover.width}
              height={hero.cover.height}
              fetchPriority="high"
              className="h-auto w-1/2 max-w-[14rem] rounded-md shadow-soft"
            />
            <div
              className="w-full max-w-sm rounded-2xl border-2 border-accent bg-card p-6 text-center shadow-soft"
              data-testid="offer"
            >
              <Badge className="bg-destructive!">{offer.badge}</Badge>
              <OfferPrice
                offer={offer}
                className="mt-4"
                priceClassName="text-5xl text-primary"
                listPriceClassName="text-xl text-muted-foreground"
              />
              <p className="mt-1 font-semibold text-destructive">{offer.savings}</p>
              <p className="mt-2 flex items-center justify-center gap-1.5 text-sm text-muted-foreground">
                <Download aria-hidden="true" className="size-4" />
                {offer.delivery}
              </p>
              <Button asChild size="lg" variant="zen" className="mt-5 w-full">
                <Link to={offer.cta.href}>
                  {offer.cta.label}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            </div>
          </div>
        </div>
      </section>

      <section aria-label="In numbers" className="container-page py-8">
        <ul className="grid gap-4 sm:grid-cols-3" data-testid="stats">
          {stats.map((stat) => (
            <li key={stat.label} className="rounded-lg border bg-card p-6 text-center shadow-soft">
              <p className="font-serif text-4xl font-semibold text-primary">{stat.value}</p>
              <p className="mt-1 text-sm text-muted-foreground">{stat.label}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="testimonials-title" className="container-page py-12 sm:py-16">
        <h2
          id="testimonials-title"
          className="mb-8 text-center text-3xl font-semibold text-primary sm:text-4xl"
        >
          {testimonials.title}
        </h2>
        <TestimonialList
          testimonials={testimonials.items}
          className="mx-auto grid max-w-4xl gap-5 md:grid-cols-2"
        />
      </section>

      <section aria-labelledby="inside-title" className="bg-muted py-14 sm:py-20">
        <div className="container-page max-w-4xl!">
          <h2
            id="inside-title"
            className="mb-8 text-center text-3xl font-semibold text-primary sm:text-4xl"
          >
            {inside.title}
          </h2>
          <ol className="grid gap-3 sm:grid-cols-2" data-testid="inside">
            {inside.items.map((item, index) => (
              <li key={item} className="flex gap-3 rounded-md bg-card p-4 shadow-soft">
                <span className="grid size-7 shrink-0 place-items-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                  {index + 1}
                </span>
                <span>{item}</span>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="final-offer-title" className="container-page py-14 sm:py-20">
        <div
          className="mx-auto max-w-2xl rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground sm:px-12"
          data-testid="final-offer"
        >
          <h2 id="final-offer-title" className="text-3xl font-semibold sm:text-4xl">
            {finalOffer.title}
          </h2>
          <p className="mt-3 text-primary-foreground/85">{finalOffer.lead}</p>
          <ul className="mx-auto mt-6 grid max-w-md gap-3 text-left sm:grid-cols-2">
            {finalOffer.includes.map((item) => {
              const Icon = inclusionIcons[item.icon];
              return (
                <li key={item.text} className="flex items-center gap-2">
                  <Icon aria-hidden="true" className="size-5 shrink-0 text-gold" />
                  <span>{item.text}</span>
                </li>
              );
            })}
          </ul>
          <OfferPrice
            offer={offer}
            className="mt-6"
            priceClassName="text-4xl"
            listPriceClassName="text-primary-foreground/70"
          />
          <Button asChild size="lg" variant="enlighten" className="mt-6">
            <Link to={finalOffer.cta.href}>
              {finalOffer.cta.label}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </section>

      <footer className="border-t py-8">
        <div className="container-page flex flex-col items-center gap-2 text-center text-sm text-muted-foreground">
          <p>{footer}</p>
          <p>
            © {new Date().getFullYear()} {siteConfig.brand}. {siteConfig.author.name},{" "}
            {siteConfig.location.label}.
          </p>
        </div>
      </footer>
    </>
  );
}
