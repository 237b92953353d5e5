import type { Route } from "./+types/sitemap-xml";
import { publishedLetters } from "~/.server/broadcasts";
import { getConfig } from "~/.server/core/config";
import { publishedArticlePaths, publishedResources } from "~/.server/publishing";
import { absoluteUrl } from "~/lib/seo";
import { pageRoutes } from "~/route-table";

/** Rendered per request: articles, resources and letters published since the build are listed too. */
export async function loader({ context }: Route.LoaderArgs) {
  const { SITE_URL } = getConfig();
  const [letters, articlePaths, resources] = await Promise.all([
    publishedLetters(context.db),
    publishedArticlePaths(context.db),
    publishedResources(context.db),
  ]);
  const paths = [
    ...pageRoutes.filter((page) => !page.unlisted).map((page) => page.path),
    ...articlePaths,
    ...letters.map((letter) => `/newsletter/${letter.slug}`),
    // The console's guides and practices: search engines index a PDF as a page (decision 270).
    ...resources.map((resource) => resource.href),
  ];
  const urls = paths
    .map((path) => `  <url><loc>${absoluteUrl(SITE_URL, path)}</loc></url>`)
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
