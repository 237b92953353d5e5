import { z } from "./zod";
import { isLinkFree, isSingleLine, linkFreeMessage, singleLineMessage } from "./single-line";

/** The interests a visitor may pick; the spec's default is the last. */
export const contactInterests = [
  "Keynote Speaking",
  "Corporate Training",
  "Private Consulting",
  "General Inquiry",
] as const;
export type ContactInterest = (typeof contactInterests)[number];
export const defaultContactInterest: ContactInterest = "General Inquiry";

/** Markup has no place in a lead: refusing it keeps stored text and owner emails inert. */
const markupPattern = /<\s*\/?\s*[a-z!][^>]*>|javascript:/i;
const noMarkup = (value: string) => !markupPattern.test(value);

/** "is required" when missing, "must be text" for a number, a list, ... */
function textError(label: string) {
  return {
    error: (issue: { input: unknown }) =>
      issue.input === undefined || issue.input === null
        ? `${label} is required`
        : `${label} must be text`,
  };
}

function requiredText(label: string, max: number, { multiline = false } = {}) {
  const text = z
    .string(textError(label))
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(noMarkup, `${label} must not contain HTML`);
  return multiline
    ? text
    : text
        .refine(isSingleLine, singleLineMessage(label))
        .refine(isLinkFree, linkFreeMessage(label));
}

/**
 * One contact message (the spec's payload). The same schema checks the form in the browser,
 * the /contact action and POST /functions/v1/send-contact-email.
 */
export const contactMessageSchema = z.object({
  firstName: requiredText("First name", 100),
  lastName: requiredText("Last name", 100),
  email: z
    .string(textError("Email"))
    .trim()
    .min(1, "Email is required")
    .max(254, "Email must be at most 254 characters")
    .pipe(z.email("Please enter a valid email address.")),
  company: z
    .string(textError("Company"))
    .trim()
    .max(200, "Company must be at most 200 characters")
    .refine(noMarkup, "Company must not contain HTML")
    .refine(isSingleLine, singleLineMessage("Company"))
    .optional()
    .transform((value) => value || undefined),
  interest: z
    .enum(contactInterests, { message: `Interest must be one of: ${contactInterests.join(", ")}` })
    .default(defaultContactInterest),
  message: requiredText("Message", 5000, { multiline: true }),
});

export type ContactMessage = z.output<typeof contactMessageSchema>;

/** Decodes `?interest=` (the /about link sends `Private Consulting`) into a known interest. */
export function interestFromQuery(value: string | null): ContactInterest {
  if (!value) return defaultContactInterest;
  let decoded = value;
  try {
    decoded = decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    // Not valid percent-encoding: use it as it is.
  }
  const match = contactInterests.find(
    (interest) => interest.toLowerCase() === decoded.trim().toLowerCase(),
  );
  return match ?? defaultContactInterest;
}
