import type { MetaDescriptor } from "react-router";
import { siteConfig } from "~/lib/site";

/** Every console page: its title, and kept out of search engines. */
export function adminMeta(title: string): MetaDescriptor[] {
  return [
    { title: `${title} | ${siteConfig.brand} console` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}
