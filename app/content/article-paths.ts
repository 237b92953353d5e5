/** Paths of the article pages, prerendered and listed in the sitemap. */
export const articlePaths: string[] = [];
