import { z } from "../lib/zod";

/**
 * The free preview's chapter excerpts: one Markdown file per chapter in `sample-chapters/`. The
 * front matter holds the excerpt's parts and is checked against this schema at build time; the
 * Markdown body is the chapter's central insight, rendered to HTML at build time.
 */
export const sampleChapterFrontMatterSchema = z.object({
  chapterLabel: z.string().regex(/^Chapter \d+$/),
  chapterNumber: z.number().int().positive(),
  title: z.string().min(1),
  subtitle: z.string().min(1),
  intro: z.string().min(1),
  /** What the body is called on this chapter: the insight, the explanation or the contrast. */
  insightHeading: z.string().min(1),
  cycle: z.object({
    heading: z.string().min(1),
    items: z.array(z.string().min(1)).min(3),
  }),
  scenario: z.object({
    situation: z.string().min(1),
    ego: z.string().min(1),
    witness: z.string().min(1),
  }),
  practiceHeading: z.string().min(1),
  practiceSteps: z.array(z.string().min(1)).min(3),
  keyInsight: z.string().min(1),
});

export type SampleChapterFrontMatter = z.infer<typeof sampleChapterFrontMatterSchema>;

export type SampleChapter = SampleChapterFrontMatter & { insightHtml: string };

/** The facts and words of the /sample-excerpts page around the chapters. */
export const sampleExcerptsPage = {
  eyebrow: "Free Preview",
  title: "Read Three Chapters Free",
  lead: "Step inside the book before you buy it. These excerpts from three chapters show how the method works in real sales conversations, with a practice you can use today.",
  readTimeMinutes: 10,
  fullBookChapters: 15,
  scenarioLabels: {
    heading: "Real-World Scenario",
    situation: "The situation",
    ego: "Ego response",
    witness: "Witness response",
  },
  keyInsightLabel: "Key Insight",
  closing: {
    title: "Ready for the whole journey?",
    text: "These three excerpts are a small part of the book. The full book has all 15 chapters, the seven practices and dozens of exercises for every stage of the sales conversation.",
    primaryCta: { label: "Get the Full Book", href: "/buy-now" },
    secondaryCta: { label: "About the Book", href: "/book" },
  },
};
