import { z } from "./zod";

const isRealDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const date = (label: string) =>
  z.string().trim().refine(isRealDate, `${label} must be a date (YYYY-MM-DD)`);

const optionalDate = (label: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === "" || isRealDate(value), `${label} must be a date (YYYY-MM-DD)`)
    .transform((value) => value || null);

/** Dollars as typed ("2,500", "$2500.00") to cents; blank is null. */
const optionalCents = (label: string) =>
  z
    .string()
    .trim()
    .transform((value) => value.replaceAll(",", "").replace(/^\$/, ""))
    .refine(
      (value) => value === "" || /^\d{1,8}(\.\d{1,2})?$/.test(value),
      `${label} must be an amount in dollars, such as 2500 or 2500.00`,
    )
    .transform((value) => (value === "" ? null : Math.round(Number(value) * 100)));

/** The most price lines a proposal has: the form shows this many rows. */
export const proposalPriceLineSlots = 6;

/**
 * The owner's proposal, from the deal page's template. Price lines arrive as parallel
 * `lineLabel`/`lineAmount` fields; blank rows are dropped, a half-filled one is refused.
 */
export const proposalFormSchema = z
  .object({
    program: z
      .string()
      .trim()
      .min(1, "Program is required")
      .max(200, "Program must be at most 200 characters"),
    teamSize: z
      .string()
      .trim()
      .refine(
        (value) => /^\d{1,5}$/.test(value) && Number(value) >= 1,
        "Team size must be a whole number from 1 to 99999",
      )
      .transform(Number),
    startsOn: date("Start date"),
    endsOn: optionalDate("End date"),
    lines: z
      .array(z.object({ label: z.string().trim(), amount: z.string().trim() }))
      .max(proposalPriceLineSlots, `At most ${proposalPriceLineSlots} price lines`)
      .transform((lines) => lines.filter((line) => line.label !== "" || line.amount !== ""))
      .pipe(
        z
          .array(
            z.object({
              label: z
                .string()
                .min(1, "Each price line needs a label")
                .max(200, "A price line's label must be at most 200 characters"),
              amount: optionalCents("A price line's amount").pipe(
                z.number({ error: "Each price line needs an amount" }),
              ),
            }),
          )
          .min(1, "Add at least one price line"),
      ),
    terms: z
      .string()
      .trim()
      .min(1, "Terms are required")
      .max(5000, "Terms must be at most 5000 characters"),
    validUntil: date("Valid until"),
    deposit: optionalCents("Deposit"),
  })
  .refine((form) => form.endsOn === null || form.endsOn >= form.startsOn, {
    message: "The end date must be on or after the start date",
    path: ["endsOn"],
  })
  .refine(
    (form) =>
      form.deposit === null ||
      form.deposit <= form.lines.reduce((sum, line) => sum + line.amount, 0),
    { message: "The deposit cannot be more than the total", path: ["deposit"] },
  );
export type ProposalForm = z.infer<typeof proposalFormSchema>;

/** The client's acceptance on the public page. */
export const proposalAcceptanceSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Your name is required")
    .max(200, "Your name must be at most 200 characters"),
  title: z
    .string()
    .trim()
    .min(1, "Your title is required")
    .max(200, "Your title must be at most 200 characters"),
  acceptedOn: date("Date"),
  terms: z.literal("yes", { error: "Tick the box to accept the terms" }),
});
export type ProposalAcceptance = z.infer<typeof proposalAcceptanceSchema>;

export const centsLabel = (cents: number) =>
  `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** What a proposal says, as the public page, the PDF and the emails show it. */
export type ProposalDocument = {
  id: string;
  version: number;
  dealTitle: string;
  /** Who proposes: the site's business name. */
  from: string;
  program: string;
  teamSize: number;
  dates: string;
  startsOn: string;
  endsOn: string | null;
  lines: { label: string; amountCents: number }[];
  totalCents: number;
  terms: string;
  validUntil: string;
  depositCents: number | null;
  accepted: { name: string; title: string; on: string; at: string } | null;
};

/** Where a version stands (decision 323). */
export type ProposalState = "draft" | "sent" | "accepted" | "superseded" | "expired";

/** One version in the deal page's list. */
export type ProposalSummary = {
  id: string;
  version: number;
  program: string;
  totalCents: number;
  depositCents: number | null;
  validUntil: string;
  createdAt: string;
  sentAt: string | null;
  sentTo: string | null;
  firstViewedAt: string | null;
  viewCount: number;
  acceptedAt: string | null;
  acceptedBy: string | null;
  state: ProposalState;
  /** The deposit's Checkout opened last (cleared when it lapses) and the payment, if any. */
  depositCheckoutOpenedAt: string | null;
  depositPaidAt: string | null;
  depositPaidCents: number | null;
  /** Refunded in Stripe's dashboard: how much in all, and when last. */
  depositRefundedCents: number | null;
  depositRefundedAt: string | null;
};
