import { z } from "../lib/zod";

/**
 * The insight articles: one Markdown file per article in `articles/`, named by its slug. The
 * front matter is checked against this schema when the server loads the files (at build time,
 * while the pages are prerendered); `{product}` in a file stands for the book's name.
 */
export const articleCategories = ["Leadership", "Foundation", "Psychology", "Practice"] as const;
export type ArticleCategory = (typeof articleCategories)[number];

export const articleFrontMatterSchema = z.object({
  title: z.string().min(1),
  /** The teaser's excerpt, the page's description and the summary in the Share email. */
  summary: z.string().min(1),
  category: z.enum(articleCategories),
  readTimeMinutes: z.number().int().positive(),
  /** The spec's label, shown as written ('Published 3 days ago', '1 week ago', ...). */
  publishedLabel: z.string().min(1),
  datePublished: z.iso.date(),
  /** Position in the lists of articles. */
  order: z.number().int(),
  shareLabel: z.enum(["Share", "Share Article"]).default("Share"),
  /** Slugs of the articles offered as Continue Reading cards at the end. */
  continueReading: z.array(z.string()).max(2).default([]),
  keywords: z.array(z.string()).default([]),
});

export type ArticleFrontMatter = z.infer<typeof articleFrontMatterSchema>;

/** An article as its teaser card shows it. */
export type ArticleTeaser = {
  slug: string;
  path: string;
  title: string;
  excerpt: string;
  category: ArticleCategory;
  readTimeMinutes: number;
  /** ISO date of publication. */
  date: string;
  publishedLabel: string;
};

/** A whole article, its body rendered to HTML at build time. */
export type Article = ArticleTeaser & {
  summary: string;
  shareLabel: ArticleFrontMatter["shareLabel"];
  keywords: string[];
  html: string;
  continueReading: ArticleTeaser[];
};

export function articlePath(slug: string) {
  return `/articles/${slug}`;
}

export function readTimeLabel(minutes: number) {
  return `${minutes} min read`;
}

/** The words every article page shares around its body. */
export const articlePageCopy = {
  backLink: { label: "Back to Resources", href: "/resources" },
  continueReadingTitle: "Continue Reading",
  ending: {
    title: "Take the practice further",
    text: "The book walks through all seven practices of the method, with real sales scenarios and exercises for your very next conversation.",
    cta: { label: "Explore the Book", href: "/book" },
  },
};
