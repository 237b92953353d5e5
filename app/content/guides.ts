import { z } from "../lib/zod";

/**
 * The downloadable PDF guides: one Markdown file per guide in `guides/`, named by its download
 * key. `scripts/generate-guides.ts` turns each into a PDF in `public/downloads/` at build time.
 */
export const guideFrontMatterSchema = z.object({
  title: z.string().min(1),
  subtitle: z.string().min(1),
});

export type GuideFrontMatter = z.infer<typeof guideFrontMatterSchema>;
