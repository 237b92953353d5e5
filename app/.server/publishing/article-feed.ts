import { Feed } from "feed";
import type { Db } from "../core/db/database";
import { absoluteUrl } from "~/lib/seo";
import { siteConfig } from "~/lib/site";
import { feedArticles } from "./published-articles";

export type FeedFormat = "rss" | "atom";

/** The articles as an RSS 2.0 or Atom 1.0 feed (`feed` package), newest first. */
export async function articleFeed(db: Db, siteUrl: string, format: FeedFormat): Promise<string> {
  const articles = await feedArticles(db);
  const feed = new Feed({
    id: absoluteUrl(siteUrl, "/resources"),
    title: `Articles | ${siteConfig.brand}`,
    description: "Articles on selling with presence instead of performance.",
    link: absoluteUrl(siteUrl, "/resources"),
    language: "en",
    generator: false,
    copyright: `© ${siteConfig.author.name}`,
    updated: articles[0] ? new Date(articles[0].publishedAt) : new Date(0),
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
