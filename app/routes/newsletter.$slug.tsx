import { data, Link } from "react-router";
import type { Route } from "./+types/newsletter.$slug";
import { BackLink } from "~/components/page/back-link";
import { LetterBody } from "~/components/newsletter/letter-body";
import { buttonVariants } from "~/components/ui/button";
import { newsletterArchiveContent as content } from "~/content/signup";
import { archiveCacheControl, publishedLetter } from "~/.server/broadcasts";
import { pageSeo } from "~/.server/content/page-seo";
import { inlineText } from "~/lib/letter-blocks";
import { metaFromLoaderData } from "~/lib/route-meta";
import { articleJsonLd } from "~/lib/seo";
import { siteConfig } from "~/lib/site";

/** The first words of the letter, for a description when it has no preview text. */
function opening(letter: NonNullable<Awaited<ReturnType<typeof publishedLetter>>>) {
  const words = letter.blocks
    .flatMap((block) => (block.kind === "paragraph" ? [inlineText(block.children)] : []))
    .join(" ");
  return words.length > 160 ? `${words.slice(0, 157).trimEnd()}…` : words;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const letter = await publishedLetter(context.db, params.slug);
  if (!letter) throw data(null, { status: 404 });
  const path = `/newsletter/${letter.slug}`;
  const description = letter.previewText || opening(letter) || content.description;
  return {
    letter,
    meta: pageSeo((siteUrl) => ({
      title: letter.subject,
      description,
      path,
      type: "article",
      jsonLd: [
        articleJsonLd(siteUrl, {
          title: letter.subject,
          description,
          path,
          datePublished: letter.publishedAt,
        }),
      ],
    })),
  };
}

export const headers = () => ({ "Cache-Control": archiveCacheControl });

export const meta = metaFromLoaderData;

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

export default function NewsletterLetter({ loaderData: { letter } }: Route.ComponentProps) {
  return (
    <article className="container-page max-w-3xl! py-12 sm:py-16" data-testid="letter">
      <BackLink
        to={content.backLink.href}
        label={content.backLink.label}
        variant="link"
        className="px-0!"
      />
      <header className="mt-6 border-b pb-8">
        <time dateTime={letter.publishedAt} className="text-sm text-muted-foreground">
          {dateFormat.format(new Date(letter.publishedAt))}
        </time>
        <h1 className="mt-3 text-3xl leading-tight font-semibold text-primary sm:text-5xl">
          {letter.subject}
        </h1>
        <p className="mt-4 text-sm">
          By <span className="font-semibold">{siteConfig.author.name}</span>
        </p>
      </header>
      <div className="mt-10">
        <LetterBody blocks={letter.blocks} />
      </div>
      <p className="mt-14">
        <Link to={content.subscribe.href} className={buttonVariants({ size: "lg" })}>
          {content.subscribe.label}
        </Link>
      </p>
    </article>
  );
}
