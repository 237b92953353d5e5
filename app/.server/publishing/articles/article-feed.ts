import type { Db } from "../../core/db/database";
import { absoluteUrl } from "~/lib/seo";
import { siteConfig } from "~/lib/site";
import { feedArticles } from "./published-articles";
import { publishedResources } from "../resources/resource-store";

export type FeedFormat = "rss" | "atom";

/**
 * The articles as an RSS 2.0 or Atom 1.0 feed (`feed` package), newest first, then the console's
 * guides and practices, each linking to its file (decision 270).
 */
export async function articleFeed(db: Db, siteUrl: string, format: FeedFormat): Promise<string> {
  const [articles, resources] = await Promise.all([feedArticles(db), publishedResources(db)]);
  const newest = [articles[0]?.publishedAt, resources[0]?.publishedAt].filter(Boolean).sort();
  // feed and its XML writer are loaded by the first feed read, not at start (decision 309).
  const { Feed } = await import("feed");
  const feed = new Feed({
    id: absoluteUrl(siteUrl, "/resources"),
    title: `Articles | ${siteConfig.brand}`,
    description: "Articles on selling with presence instead of performance.",
    link: absoluteUrl(siteUrl, "/resources"),
    language: "en",
    generator: false,
    copyright: `© ${siteConfig.author.name}`,
    updated: new Date(newest.at(-1) ?? 0),
    feedLinks: {
      rss: absoluteUrl(siteUrl, "/feed.xml"),
      atom: absoluteUrl(siteUrl, "/atom.xml"),
    },
    author: { name: siteConfig.author.name },
  });
  for (const article of articles) {
    const link = absoluteUrl(siteUrl, article.path);
    feed.addItem({
      title: article.title,
      id: link,
      link,
      date: new Date(article.publishedAt),
      published: new Date(article.publishedAt),
      description: article.summary,
      content: article.html,
      category: [{ name: article.category }],
      author: [{ name: siteConfig.author.name }],
    });
  }
  for (const resource of resources) {
    const link = absoluteUrl(siteUrl, resource.href);
    feed.addItem({
      title: resource.title,
      id: link,
      link,
      date: new Date(resource.publishedAt),
      published: new Date(resource.publishedAt),
      description: resource.description,
      // feed 6.0.0's Atom writes an enclosure's type from its extension (`image/pdf`): there
      // the entry's own link is the file; RSS carries the enclosure with the true type.
      ...(format === "rss"
        ? {
            enclosure: {
              url: link,
              type: resource.kind === "guide" ? "application/pdf" : "audio/mpeg",
              length: resource.file.bytes,
            },
          }
        : {}),
      author: [{ name: siteConfig.author.name }],
    });
  }
  return format === "rss" ? feed.rss2() : feed.atom1();
}

/** The head's links to the feeds, on every page that lists or shows articles. */
export const articleFeedLinks = [
  {
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: "Presence Selling articles (RSS)",
    href: "/feed.xml",
  },
  {
    tagName: "link",
    rel: "alternate",
    type: "application/atom+xml",
    title: "Presence Selling articles (Atom)",
    href: "/atom.xml",
  },
] as const;
