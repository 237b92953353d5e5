import { z } from "./zod";
import { newsletterInterests, type NewsletterInterest } from "./newsletter-interests";

const interestKeys = newsletterInterests.map((interest) => interest.key) as [
  NewsletterInterest,
  ...NewsletterInterest[],
];

/** The longest body: a long letter, and well inside a console form post's size cap. */
export const maxBroadcastBodyLength = 20_000;

/** A broadcast as the compose form sends it. */
export const broadcastDraftSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, "Subject is required")
    .max(150, "Subject must be at most 150 characters")
    .refine((value) => !/[\r\n]/.test(value), "Subject must be one line"),
  previewText: z
    .string()
    .trim()
    .max(200, "Preview text must be at most 200 characters")
    .refine((value) => !/[\r\n]/.test(value), "Preview text must be one line")
    .default(""),
  bodyMarkdown: z
    .string()
    .trim()
    .min(1, "Write the letter's body")
    .max(maxBroadcastBodyLength, `The body must be at most ${maxBroadcastBodyLength} characters`),
  list: z.enum(["newsletter", "waitlist", "group"], {
    message: "Choose the newsletter or the waitlist",
  }),
  interests: z
    .array(z.enum(interestKeys))
    .default([])
    .transform((values) => [...new Set(values)]),
  /** For `group`: the group's key (a workshop cohort's attendees, decision 265). */
  group: z.string().trim().max(120).default(""),
});

export type BroadcastDraft = z.infer<typeof broadcastDraftSchema>;
