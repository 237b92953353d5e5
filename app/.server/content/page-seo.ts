import type { MetaDescriptor } from "react-router";
import { seo, type PageSeo } from "~/lib/seo";
import { getConfig } from "../core/config";

/** Meta tags for a page, with canonical and social URLs on SITE_URL. */
export function pageSeo(page: PageSeo | ((siteUrl: string) => PageSeo)): MetaDescriptor[] {
  const siteUrl = getConfig().SITE_URL;
  return seo(typeof page === "function" ? page(siteUrl) : page, siteUrl);
}
