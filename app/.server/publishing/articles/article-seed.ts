import {
  articleFrontMatterSchema,
  articlePath,
  type Article,
  type ArticleFrontMatter,
  type ArticleTeaser,
} from "~/content/articles";
import { readFrontMatter } from "../../content/front-matter";
import {
  fillProductPlaceholders,
  parseMarkdownFile,
  slugOfFile,
} from "../../content/markdown-file";

const articleFiles = import.meta.glob<string>("../../../content/articles/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

type ParsedArticle = {
  slug: string;
  frontMatter: ArticleFrontMatter;
  html: string;
  /** The body's Markdown, placeholders filled: what the store's first start imports. */
  markdown: string;
};

// Parsed once when the server module loads, which for prerendered pages is at build time.
const parsedArticles: ParsedArticle[] = Object.entries(articleFiles)
  .map(([file, raw]) => {
    const { data, html } = parseMarkdownFile(file, raw, articleFrontMatterSchema);
    const markdown = readFrontMatter(fillProductPlaceholders(raw)).content;
    return { slug: slugOfFile(file), frontMatter: data, html, markdown };
  })
  .sort((a, b) => a.frontMatter.order - b.frontMatter.order);

const bySlug = new Map(parsedArticles.map((article) => [article.slug, article]));

for (const { slug, frontMatter } of parsedArticles) {
  for (const next of frontMatter.continueReading) {
    if (!bySlug.has(next)) {
      throw new Error(`Article ${slug}: Continue Reading names an unknown article "${next}"`);
    }
  }
}

function toTeaser({ slug, frontMatter }: ParsedArticle): ArticleTeaser {
  return {
    slug,
    path: articlePath(slug),
    title: frontMatter.title,
    excerpt: frontMatter.summary,
    category: frontMatter.category,
    readTimeMinutes: frontMatter.readTimeMinutes,
    date: frontMatter.datePublished,
    publishedLabel: frontMatter.publishedLabel,
  };
}

/** Every article's teaser, in the site's order. */
export function listArticleTeasers(): ArticleTeaser[] {
  return parsedArticles.map(toTeaser);
}

/** The whole article for a slug, or undefined when there is none. */
export function findArticle(slug: string): Article | undefined {
  const parsed = bySlug.get(slug);
  if (!parsed) return undefined;
  const { frontMatter, html } = parsed;
  return {
    ...toTeaser(parsed),
    summary: frontMatter.summary,
    shareLabel: frontMatter.shareLabel,
    keywords: frontMatter.keywords,
    html,
    continueReading: frontMatter.continueReading.map((next) => toTeaser(bySlug.get(next)!)),
  };
}

/**
 * The Markdown articles as written, in the site's order: since decision 190 the article store
 * imports them on its first start and the site reads the store; the files stay as that seed.
 */
export function markdownArticleSources(): readonly ParsedArticle[] {
  return parsedArticles;
}
