import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/full-story";
import { Button } from "~/components/ui/button";
import { BackLink } from "~/components/page/back-link";
import { fullStoryPage } from "~/content/full-story";
import { pageSeo } from "~/.server/content/page-seo";
import { metaFromLoaderData } from "~/lib/route-meta";
import { siteConfig } from "~/lib/site";

export function loader() {
  return {
    ...fullStoryPage,
    meta: pageSeo({
      title: `The Full Story of ${siteConfig.author.name}`,
      description: `The long biography of ${siteConfig.author.name}: from a commission-only sales job in 1978 to two public offerings, a non-dual spiritual practice and the creation of presence-based selling.`,
      path: "/full-story",
      type: "article",
      keywords: ["author biography", "sales career", "spiritual entrepreneur"],
    }),
  };
}

export const meta = metaFromLoaderData;

export default function FullStory({ loaderData }: Route.ComponentProps) {
  const { hero, back, sections, closing } = loaderData;
  return (
    <article className="container-page max-w-3xl! py-12 sm:py-16">
      <BackLink to={back.href} label={back.label} className="-ml-3" />
      <header className="mt-6 mb-10">
        <p className="text-sm font-semibold tracking-wide text-accent uppercase">{hero.eyebrow}</p>
        <h1 className="mt-2 text-4xl leading-tight font-semibold text-primary sm:text-5xl">
          {hero.title}
        </h1>
        <p className="mt-4 text-lg text-muted-foreground">{hero.lead}</p>
      </header>
      <div className="flex flex-col gap-10">
        {sections.map((section) => (
          <section key={section.heading} aria-labelledby={slug(section.heading)}>
            <h2 id={slug(section.heading)} className="text-2xl font-semibold text-primary">
              {section.heading}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p
                key={paragraph.slice(0, 40)}
                className="mt-4 text-lg leading-relaxed text-foreground/90"
              >
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </div>
      <aside
        aria-labelledby="continue-title"
        className="mt-14 rounded-2xl bg-secondary/60 p-8 text-center"
      >
        <h2 id="continue-title" className="text-2xl font-semibold text-primary">
          {closing.title}
        </h2>
        <p className="mt-2 text-muted-foreground">{closing.lead}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <BackLink to={back.href} label={back.label} variant="outline" />
          {closing.links.map((link) => (
            <Button asChild key={link.href} variant="zen">
              <Link to={link.href}>
                {link.label}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          ))}
        </div>
      </aside>
    </article>
  );
}

function slug(text: string) {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
