import { marked } from "marked";
import type { z } from "zod";
import { siteConfig } from "~/lib/site";
import { readFrontMatter } from "./front-matter";

/** In content files `{product}` stands for the book's name and `{product-slug}` for its slug. */
export function fillProductPlaceholders(text: string) {
  return text
    .replaceAll("{product-slug}", siteConfig.product.slug)
    .replaceAll("{product}", siteConfig.product.name);
}

/**
 * Reads one Markdown file with front matter: the front matter is validated against the schema
 * (an invalid file fails the build with its name and the problem) and the body becomes HTML.
 */
export function parseMarkdownFile<Schema extends z.ZodType>(
  file: string,
  raw: string,
  schema: Schema,
): { data: z.infer<Schema>; html: string } {
  const { data, content } = readFrontMatter(fillProductPlaceholders(raw));
  const parsed = schema.safeParse(normalizeDates(data));
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join(".") || "(front matter)"}: ${issue.message}`)
      .join("; ");
    throw new Error(`Invalid front matter in ${file}: ${problems}`);
  }
  return { data: parsed.data, html: marked.parse(content, { async: false }) };
}

// YAML reads an unquoted 2026-11-18 as a Date; the schemas want ISO date strings.
function normalizeDates(data: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      value instanceof Date ? value.toISOString().slice(0, 10) : value,
    ]),
  );
}

/** The slug a content file is named by: `./articles/why-sales-training-fails.md` → the slug. */
export function slugOfFile(file: string) {
  return file.replace(/^.*\/([^/]+)\.md$/, "$1");
}
