import { articleCategories } from "~/content/articles";
import { checkArticleDocument, type ArticleDocument, safeImageSrc } from "~/lib/article-document";
import { z } from "~/lib/zod";

/** What a revision keeps: everything the owner edits, the body as a checked document. */
export type ArticleContent = {
  slug: string;
  title: string;
  excerpt: string;
  category: (typeof articleCategories)[number];
  body: ArticleDocument;
  coverImage: string | null;
  coverAlt: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  keywords: string[];
  /** Minutes as the imported article stated them; console articles compute theirs. */
  readTimeMinutes: number | null;
};

export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const storedContentSchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  category: z.enum(articleCategories),
  body: z.unknown(),
  coverImage: z.string().nullable().default(null),
  coverAlt: z.string().nullable().default(null),
  seoTitle: z.string().nullable().default(null),
  seoDescription: z.string().nullable().default(null),
  keywords: z.array(z.string()).default([]),
  readTimeMinutes: z.number().int().positive().nullable().default(null),
});

/** A stored revision's JSON, its body checked again on the way out. */
export function readArticleContent(json: string): ArticleContent {
  const parsed = storedContentSchema.parse(JSON.parse(json));
  return { ...parsed, body: checkArticleDocument(parsed.body).document };
}

/** The owner's fields as submitted (strings from a form or JSON from the autosave). */
export const articleDraftSchema = z.object({
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(120, "The address is at most 120 characters.")
    .refine((slug) => slug === "" || slugPattern.test(slug), {
      message: "The address may hold only lowercase letters, digits and single dashes.",
    }),
  title: z.string().trim().max(200, "The title is at most 200 characters."),
  excerpt: z.string().trim().max(600, "The excerpt is at most 600 characters."),
  category: z.enum(articleCategories, { message: "Choose a category." }),
  coverImage: z
    .string()
    .trim()
    .max(2000)
    .refine((src) => src === "" || safeImageSrc(src) !== undefined, {
      message: "The cover image must be an https address or a path on the site.",
    }),
  coverAlt: z.string().trim().max(300),
  seoTitle: z.string().trim().max(200),
  seoDescription: z.string().trim().max(400),
  keywords: z.string().trim().max(500),
});

export type ArticleDraftFields = z.input<typeof articleDraftSchema>;
