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

type ParsedArticle = {
  slug: string;
  frontMatter: ArticleFrontMatter;
  html: string;
  /** The body's Markdown, placeholders filled: what the store's first start imports. */
  markdown: string;
};

type Seed = { parsed: ParsedArticle[]; bySlug: Map<string, ParsedArticle> };
let seed: Seed | undefined;

/**
 * The Markdown articles, parsed and checked on first use. Not at module load: the outbox's own
 * bundle (esbuild, no Vite) reaches this module through the capabilities' faces, and
 * `import.meta.glob` exists only where Vite built the module.
 */
function articleSeed(): Seed {
  if (seed) return seed;
  const articleFiles = import.meta.glob<string>("../../../content/articles/*.md", {
    query: "?raw",
    import: "default",
    eager: true,
  });
  const parsed = Object.entries(articleFiles)
    .map(([file, raw]) => {
      const { data, html } = parseMarkdownFile(file, raw, articleFrontMatterSchema);
      const markdown = readFrontMatter(fillProductPlaceholders(raw)).content;
      return { slug: slugOfFile(file), frontMatter: data, html, markdown };
    })
    .sort((a, b) => a.frontMatter.order - b.frontMatter.order);
  const bySlug = new Map(parsed.map((article) => [article.slug, article]));
  for (const { slug, frontMatter } of parsed) {
    for (const next of frontMatter.continueReading) {
      if (!bySlug.has(next)) {
        throw new Error(`Article ${slug}: Continue Reading names an unknown article "${next}"`);
      }
    }
  }
  seed = { parsed, bySlug };
  return seed;
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
  return articleSeed().parsed.map(toTeaser);
}

/** The whole article for a slug, or undefined when there is none. */
export function findArticle(slug: string): Article | undefined {
  const { bySlug } = articleSeed();
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
  return articleSeed().parsed;
}
