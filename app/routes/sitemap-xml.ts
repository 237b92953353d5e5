import { getConfig } from "~/.server/config";
import { articlePaths } from "~/content/article-paths";
import { absoluteUrl } from "~/lib/seo";
import { pageRoutes } from "~/route-table";

export function loader() {
  const { SITE_URL } = getConfig();
  const paths = [
    ...pageRoutes.filter((page) => !page.unlisted).map((page) => page.path),
    ...articlePaths,
  ];
  const urls = paths
    .map((path) => `  <url><loc>${absoluteUrl(SITE_URL, path)}</loc></url>`)
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
