import type { MetaDescriptor } from "react-router";

/**
 * A page's `meta` export. Loaders build the tags with the seo helper on the server (at build time
 * for prerendered pages), so none of that code ships to the browser.
 */
export function metaFromLoaderData({
  loaderData,
}: {
  loaderData: { meta?: MetaDescriptor[] } | undefined;
}): MetaDescriptor[] {
  return loaderData?.meta ?? [];
}
