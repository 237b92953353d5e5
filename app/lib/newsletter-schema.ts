import { z } from "./zod";
import { isLinkFree, isSingleLine, linkFreeMessage, singleLineMessage } from "./single-line";
import { newsletterInterests, type NewsletterInterest } from "./newsletter-interests";

const interestKeys = newsletterInterests.map((interest) => interest.key) as [
  NewsletterInterest,
  ...NewsletterInterest[],
];

/**
 * A newsletter signup: the /signup form (first name, email, interests) and the subscribe boxes
 * on other pages (email only), with the page it came from.
 */
export const newsletterSignupSchema = z.object({
  firstName: z
    .string()
    .trim()
    .max(100, "First name must be at most 100 characters")
    .refine((value) => !/[<>]/.test(value), "First name must not contain HTML")
    .refine(isSingleLine, singleLineMessage("First name"))
    .refine(isLinkFree, linkFreeMessage("First name"))
    .optional()
    .transform((value) => value || undefined),
  email: z
    .string({ message: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Email must be at most 254 characters")
    .pipe(z.email("Please enter a valid email address.")),
  interests: z
    .array(z.enum(interestKeys))
    .max(interestKeys.length)
    .default([])
    .transform((values) => [...new Set(values)]),
  source: z
    .string()
    .trim()
    .regex(/^\/[a-z0-9\-/]*$/i, "Source must be a page path")
    .max(100)
    .default("/signup"),
});

export type NewsletterSignup = z.output<typeof newsletterSignupSchema>;
