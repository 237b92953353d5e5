import { contactInterests } from "./contact-interests";
import { z } from "./zod";

/** A deal's stages, in the board's order. */
export const dealStages = ["new", "qualified", "proposal-sent", "won", "lost"] as const;
export type DealStage = (typeof dealStages)[number];

export const dealStageLabels: Record<DealStage, string> = {
  new: "New",
  qualified: "Qualified",
  "proposal-sent": "Proposal sent",
  won: "Won",
  lost: "Lost",
};

/** The interests quoted on request: a contact message naming one opens a deal by itself. */
export const dealInterests = [
  "Corporate Training",
  "Keynote Speaking",
  "Private Consulting",
] as const satisfies readonly (typeof contactInterests)[number][];

export const isDealInterest = (interest: string) =>
  (dealInterests as readonly string[]).includes(interest);

const isRealDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((value) => value || null);

const optionalDate = (label: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === "" || isRealDate(value), `${label} must be a date (YYYY-MM-DD)`)
    .transform((value) => value || null);

/**
 * The owner's form for a deal. Every field arrives as text; value is dollars as typed (cents
 * stored), a next step's due date goes with its text.
 */
export const dealFormSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, "Title is required")
      .max(200, "Title must be at most 200 characters"),
    interest: z.enum(contactInterests, {
      error: `Interest must be one of: ${contactInterests.join(", ")}`,
    }),
    value: z
      .string()
      .trim()
      .transform((value) => value.replaceAll(",", "").replace(/^\$/, ""))
      .refine(
        (value) => value === "" || /^\d{1,8}(\.\d{1,2})?$/.test(value),
        "Value must be an amount in dollars, such as 24000 or 2500.00",
      )
      .transform((value) => (value === "" ? null : Math.round(Number(value) * 100))),
    teamSize: z
      .string()
      .trim()
      .refine(
        (value) => value === "" || (/^\d{1,5}$/.test(value) && Number(value) >= 1),
        "Team size must be a whole number from 1 to 99999",
      )
      .transform((value) => (value === "" ? null : Number(value))),
    expectedCloseOn: optionalDate("Expected close"),
    nextStep: optionalText("Next step", 300),
    nextStepDueOn: optionalDate("Due date"),
  })
  .refine((form) => form.nextStepDueOn === null || form.nextStep !== null, {
    message: "Say what the next step is, or clear its due date",
    path: ["nextStep"],
  });
export type DealForm = z.infer<typeof dealFormSchema>;

/** A move to another stage; a lost deal says why. */
export const dealMoveSchema = z
  .object({
    stage: z.enum(dealStages, {
      error: "Choose a stage: new, qualified, proposal sent, won or lost",
    }),
    lostReason: optionalText("Reason", 500),
  })
  .refine((move) => move.stage !== "lost" || move.lostReason !== null, {
    message: "Say why the deal was lost",
    path: ["lostReason"],
  });
