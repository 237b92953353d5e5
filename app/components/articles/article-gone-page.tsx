import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/** An article taken off the site (410): says so and offers the way back to the others. */
export function ArticleGonePage() {
  return (
    <section
      className="container-page flex min-h-[65vh] flex-col items-center justify-center gap-5 py-24 text-center"
      data-testid="article-gone"
    >
      <title>Article no longer available | Presence Selling</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-semibold sm:text-3xl">This article is no longer available</h1>
      <p className="max-w-md text-muted-foreground">
        It was taken off the site by its author. The other articles, guides and audio practices are
        still here for you.
      </p>
      <Button asChild size="lg">
        <Link to="/resources">Browse the resources</Link>
      </Button>
    </section>
  );
}
