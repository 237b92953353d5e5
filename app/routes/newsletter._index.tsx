import { Link } from "react-router";
import type { Route } from "./+types/newsletter._index";
import { PageHero } from "~/components/page/page-hero";
import { buttonVariants } from "~/components/ui/button";
import { newsletterArchiveContent as content } from "~/content/signup";
import { archiveCacheControl, publishedLetters } from "~/.server/broadcasts";
import { pageSeo } from "~/.server/content/page-seo";
import { metaFromLoaderData } from "~/lib/route-meta";

/** Server-rendered on each request and cached briefly: a letter published now appears soon. */
export async function loader({ context }: Route.LoaderArgs) {
  return {
    letters: await publishedLetters(context.db),
    meta: pageSeo({
      title: content.seoTitle,
      description: content.description,
      path: "/newsletter",
    }),
  };
}

export const headers = () => ({ "Cache-Control": archiveCacheControl });

export const meta = metaFromLoaderData;

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

export default function NewsletterArchive({ loaderData: { letters } }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow={content.eyebrow} title={content.title} lead={content.lead}>
        <Link to={content.subscribe.href} className={buttonVariants({ size: "lg" })}>
          {content.subscribe.label}
        </Link>
      </PageHero>
      <section aria-label="Letters" className="container-page max-w-3xl! pb-20">
        {letters.length === 0 ? (
          <p className="text-lg text-muted-foreground">{content.empty}</p>
        ) : (
          <ul className="divide-y border-y" data-testid="newsletter-archive">
            {letters.map((letter) => (
              <li key={letter.slug} className="py-6">
                <time dateTime={letter.published_at} className="text-sm text-muted-foreground">
                  {dateFormat.format(new Date(letter.published_at))}
                </time>
                <h2 className="mt-1 text-2xl font-semibold text-primary">
                  <Link to={`/newsletter/${letter.slug}`} className="hover:underline">
                    {letter.subject}
                  </Link>
                </h2>
                {letter.preview_text && (
                  <p className="mt-2 text-muted-foreground">{letter.preview_text}</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
