import { articlePath } from "./articles";

// The article files are named by their slugs; only the names are used here.
const articleFiles = import.meta.glob("./articles/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

export const articleSlugs: string[] = Object.keys(articleFiles)
  .map((file) => file.replace(/^\.\/articles\/(.+)\.md$/, "$1"))
  .sort();

/** Paths of the article pages, prerendered and listed in the sitemap. */
export const articlePaths: string[] = articleSlugs.map(articlePath);
