import type { ArticleTeaser } from "~/content/articles";
import { cn } from "~/lib/class-names";
import { ArticleTeaserCard } from "./article-teaser-card";

/** Article teaser cards in a responsive grid. */
export function ArticleTeaserGrid({
  teasers,
  className,
  testId,
}: {
  teasers: ArticleTeaser[];
  className?: string;
  testId?: string;
}) {
  return (
    <ul className={cn("grid gap-5 md:grid-cols-2", className)} data-testid={testId}>
      {teasers.map((teaser) => (
        <li key={teaser.slug}>
          <ArticleTeaserCard teaser={teaser} />
        </li>
      ))}
    </ul>
  );
}
