import { getConfig } from "~/.server/config";
import { absoluteUrl } from "~/lib/seo";
import { pageRoutes } from "~/route-table";

export function loader() {
  const { SITE_URL } = getConfig();
  const disallowed = pageRoutes
    .filter((page) => page.unlisted)
    // A path with a parameter is disallowed from the segment before it: /waitlist/confirm/.
    .map((page) => `Disallow: ${page.path.replace(/:.*$/, "")}`);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /functions/",
    ...disallowed,
    "",
    `Sitemap: ${absoluteUrl(SITE_URL, "/sitemap.xml")}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
