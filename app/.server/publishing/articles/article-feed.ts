import type { Db } from "../../core/db/database";
import { absoluteUrl } from "~/lib/seo";
import { siteConfig } from "~/lib/site";
import { feedArticles } from "./published-articles";
import { publishedResources } from "../resources/resource-store";

export type FeedFormat = "rss" | "atom";

/** One entry of either feed: an article, a guide or a practice. */
type FeedEntry = {
  title: string;
  link: string;
  publishedAt: string;
  /** Plain text, never HTML: a feed reader shows it as it is. */
  summary: string;
  /** The article's body as HTML with absolute addresses, escaped into the XML. */
  html?: string;
  category?: string;
  enclosure?: { url: string; type: string; bytes: number };
};

/** Characters XML 1.0 does not allow at all (a stray one would make the whole feed unreadable). */
// eslint-disable-next-line no-control-regex
const notXmlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text as XML character data: `<`, `&` and quotes reach the reader as typed. */
export function xmlText(value: string) {
  return value
    .replace(notXmlCharacters, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/**
 * An entry's HTML with its addresses made absolute: a feed reader has no page to resolve
 * `/media/…` against (issue 49). `src`, `href`, `poster` and each `srcset` candidate.
 */
export function absoluteAddresses(html: string, siteUrl: string) {
  const absolute = (address: string) =>
    address.startsWith("/") && !address.startsWith("//") ? absoluteUrl(siteUrl, address) : address;
  return html
    .replace(
      /\b(src|href|poster)="([^"]*)"/g,
      (_, name: string, address: string) => `${name}="${absolute(address)}"`,
    )
    .replace(
      /\bsrcset="([^"]*)"/g,
      (_, set: string) =>
        `srcset="${set
          .split(",")
          .map((candidate) => {
            const [address = "", ...rest] = candidate.trim().split(/\s+/);
            return [absolute(address), ...rest].join(" ");
          })
          .join(", ")}"`,
    );
}

const resourceType = (kind: string) => (kind === "guide" ? "application/pdf" : "audio/mpeg");

/** Articles, guides and practices together, newest first (decision 270, issue 49). */
async function feedEntries(db: Db, siteUrl: string): Promise<FeedEntry[]> {
  const [articles, resources] = await Promise.all([feedArticles(db), publishedResources(db)]);
  const entries: FeedEntry[] = [
    ...articles.map((article) => ({
      title: article.title,
      link: absoluteUrl(siteUrl, article.path),
      publishedAt: article.publishedAt,
      summary: article.summary,
      html: absoluteAddresses(article.html, siteUrl),
      category: article.category,
    })),
    ...resources.map((resource) => ({
      title: resource.title,
      link: absoluteUrl(siteUrl, resource.href),
      publishedAt: resource.publishedAt,
      summary: resource.description,
      enclosure: {
        url: absoluteUrl(siteUrl, resource.href),
        type: resourceType(resource.kind),
        bytes: resource.file.bytes,
      },
    })),
  ];
  return entries.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
}

const feedTitle = `Articles | ${siteConfig.brand}`;
const feedDescription = "Articles on selling with presence instead of performance.";

function rss(entries: FeedEntry[], siteUrl: string) {
  const home = absoluteUrl(siteUrl, "/resources");
  const updated = new Date(entries[0]?.publishedAt ?? 0).toUTCString();
  const items = entries.map((entry) =>
    [
      "<item>",
      `<title>${xmlText(entry.title)}</title>`,
      `<link>${xmlText(entry.link)}</link>`,
      `<guid isPermaLink="true">${xmlText(entry.link)}</guid>`,
      `<pubDate>${new Date(entry.publishedAt).toUTCString()}</pubDate>`,
      // RSS readers show a description as HTML: the text is written as HTML text first, so
      // `<img …>` typed in an excerpt reads as those characters, and runs nowhere.
      `<description>${xmlText(xmlText(entry.summary))}</description>`,
      entry.category ? `<category>${xmlText(entry.category)}</category>` : "",
      `<dc:creator>${xmlText(siteConfig.author.name)}</dc:creator>`,
      entry.html ? `<content:encoded>${xmlText(entry.html)}</content:encoded>` : "",
      entry.enclosure
        ? `<enclosure url="${xmlText(entry.enclosure.url)}" length="${entry.enclosure.bytes}" type="${entry.enclosure.type}"/>`
        : "",
      "</item>",
    ].join(""),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "<channel>",
    `<title>${xmlText(feedTitle)}</title>`,
    `<link>${xmlText(home)}</link>`,
    `<description>${xmlText(feedDescription)}</description>`,
    "<language>en</language>",
    `<copyright>${xmlText(`© ${siteConfig.author.name}`)}</copyright>`,
    `<lastBuildDate>${updated}</lastBuildDate>`,
    `<atom:link href="${xmlText(absoluteUrl(siteUrl, "/feed.xml"))}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

function atom(entries: FeedEntry[], siteUrl: string) {
  const home = absoluteUrl(siteUrl, "/resources");
  const updated = new Date(entries[0]?.publishedAt ?? 0).toISOString();
  const author = `<author><name>${xmlText(siteConfig.author.name)}</name></author>`;
  const items = entries.map((entry) => {
    const when = new Date(entry.publishedAt).toISOString();
    return [
      "<entry>",
      `<title type="text">${xmlText(entry.title)}</title>`,
      `<id>${xmlText(entry.link)}</id>`,
      `<link rel="alternate" href="${xmlText(entry.link)}"/>`,
      entry.enclosure
        ? `<link rel="enclosure" href="${xmlText(entry.enclosure.url)}" type="${entry.enclosure.type}" length="${entry.enclosure.bytes}"/>`
        : "",
      `<published>${when}</published>`,
      `<updated>${when}</updated>`,
      author,
      entry.category ? `<category term="${xmlText(entry.category)}"/>` : "",
      `<summary type="text">${xmlText(entry.summary)}</summary>`,
      entry.html ? `<content type="html">${xmlText(entry.html)}</content>` : "",
      "</entry>",
    ].join("");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `<id>${xmlText(home)}</id>`,
    `<title type="text">${xmlText(feedTitle)}</title>`,
    `<subtitle type="text">${xmlText(feedDescription)}</subtitle>`,
    `<updated>${updated}</updated>`,
    `<link rel="alternate" type="text/html" href="${xmlText(home)}"/>`,
    `<link rel="self" type="application/atom+xml" href="${xmlText(absoluteUrl(siteUrl, "/atom.xml"))}"/>`,
    `<rights type="text">${xmlText(`© ${siteConfig.author.name}`)}</rights>`,
    author,
    ...items,
    "</feed>",
    "",
  ].join("\n");
}

/**
 * The articles, guides and practices as an RSS 2.0 or Atom 1.0 feed, newest first (decision 270).
 * Written here rather than by a feed library, which put the excerpt into RSS as CDATA HTML and
 * marked Atom's titles as HTML (issue 49): titles and excerpts are text, the body is escaped HTML.
 */
export async function articleFeed(db: Db, siteUrl: string, format: FeedFormat): Promise<string> {
  const entries = await feedEntries(db, siteUrl);
  return format === "rss" ? rss(entries, siteUrl) : atom(entries, siteUrl);
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
