import { getConfig } from "~/.server/core/config";
import { absoluteUrl } from "~/lib/seo";

export function loader() {
  const { SITE_URL } = getConfig();
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /functions/",
    "",
    `Sitemap: ${absoluteUrl(SITE_URL, "/sitemap.xml")}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
