import { ArrowRight, Calendar, Clock } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "~/components/ui/card";
import { readTimeLabel, type ArticleTeaser } from "~/content/articles";
import { formatArticleDate } from "./article-date";

/** An article's card: category, read time, title, excerpt and date, linking to the article. */
export function ArticleTeaserCard({ teaser }: { teaser: ArticleTeaser }) {
  return (
    <Card className="flex h-full flex-col" data-testid="article-teaser">
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          <Badge variant="secondary">{teaser.category}</Badge>
          <span className="flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden="true" />
            {readTimeLabel(teaser.readTimeMinutes)}
          </span>
        </div>
        <CardTitle className="text-lg">
          <Link to={teaser.path} className="hover:text-accent focus-visible:text-accent">
            {teaser.title}
          </Link>
        </CardTitle>
        <CardDescription className="leading-relaxed">{teaser.excerpt}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto pb-4">
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <Calendar className="size-3.5" aria-hidden="true" />
          <time dateTime={teaser.date}>{formatArticleDate(teaser.date)}</time>
        </p>
      </CardContent>
      <CardFooter>
        <Link
          to={teaser.path}
          aria-label={`Read Article: ${teaser.title}`}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-accent underline-offset-4 hover:underline"
        >
          Read Article
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </CardFooter>
    </Card>
  );
}
