import { getZodConstraint } from "@conform-to/zod/v4";
import { contactInterests, defaultContactInterest } from "./contact-interests";
import { z } from "./zod";
import { isLinkFree, isSingleLine, linkFreeMessage, singleLineMessage } from "./single-line";

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
 * One contact message (the spec's payload). The same schema checks the /contact action (the form
 * shows its answers, with or without JavaScript) and POST /functions/v1/send-contact-email.
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

/**
 * The schema's limits as the fields' native attributes (required, maxLength...), for the server to
 * hand to the form: the browser gets them without zod.
 */
export const contactMessageConstraint = getZodConstraint(contactMessageSchema);

export {
  contactInterests,
  defaultContactInterest,
  interestFromQuery,
  type ContactInterest,
} from "./contact-interests";
