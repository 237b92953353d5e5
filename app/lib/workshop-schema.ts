import { z } from "./zod";

/** The Foundations workshop's list price, the default of every new cohort. */
export const foundationsPriceCents = 1_449_500;

export const eventKinds = ["Workshop", "Keynote", "Panel"] as const;

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (value: string) =>
  datePattern.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((value) => value || null);

const date = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .refine(isRealDate, `${label} must be a date (YYYY-MM-DD)`);

const optionalDate = (label: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === "" || isRealDate(value), `${label} must be a date (YYYY-MM-DD)`)
    .transform((value) => value || null);

/** Dollars as typed ("14,495" or "14495.00"), to cents; empty is null. */
const optionalDollars = (label: string) =>
  z
    .string()
    .trim()
    .transform((value) => value.replaceAll(",", "").replace(/^\$/, ""))
    .refine(
      (value) => value === "" || /^\d{1,6}(\.\d{1,2})?$/.test(value),
      `${label} must be an amount in dollars, such as 14495 or 2500.00`,
    )
    .transform((value) => (value === "" ? null : Math.round(Number(value) * 100)));

const optionalSeats = z
  .string()
  .trim()
  .refine(
    (value) => value === "" || (/^\d{1,4}$/.test(value) && Number(value) >= 1),
    "Seats must be a whole number from 1 to 9999",
  )
  .transform((value) => (value === "" ? null : Number(value)));

/** Days before the first day the balance is asked for; empty is the default, 30. */
export const defaultBalanceDueDays = 30;
const balanceDueDays = z
  .string()
  .trim()
  .refine(
    (value) =>
      value === "" || (/^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= 365),
    "Balance due must be a whole number of days from 1 to 365",
  )
  .transform((value) => (value === "" ? defaultBalanceDueDays : Number(value)));

/**
 * The owner's form for an event or a cohort (a Workshop with seats). Every field arrives as text;
 * the messages are the ones the console shows beside each field.
 */
export const eventFormSchema = z
  .object({
    kind: z.enum(eventKinds, { error: "Choose a kind: Workshop, Keynote or Panel" }),
    title: text("Title", 200),
    description: text("Description", 1000),
    location: text("City", 120),
    venue: optionalText("Venue", 200),
    startDate: date("First day"),
    endDate: optionalDate("Last day"),
    seats: optionalSeats,
    price: optionalDollars("Price"),
    deposit: optionalDollars("Deposit"),
    earlyPrice: optionalDollars("Early price"),
    earlyDeadline: optionalDate("Early price deadline"),
    opensOn: optionalDate("Registration opens"),
    closesOn: optionalDate("Registration closes"),
    balanceDueDays,
    fullRefundUntil: optionalDate("Full refund until"),
  })
  .superRefine((event, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: "custom", path: [path], message });
    if (event.endDate && event.endDate < event.startDate)
      issue("endDate", "The last day must be on or after the first day");
    if (event.seats !== null && event.kind !== "Workshop")
      issue("seats", "Only a workshop has seats");
    if (event.seats === null) {
      for (const field of [
        "deposit",
        "earlyPrice",
        "earlyDeadline",
        "opensOn",
        "closesOn",
        "fullRefundUntil",
      ] as const)
        if (event[field] !== null)
          issue(field, "Set seats first: only a cohort takes registrations");
      return;
    }
    const price = event.price ?? foundationsPriceCents;
    if (price < 100) issue("price", "The price must be at least $1");
    if (event.deposit !== null && (event.deposit < 100 || event.deposit >= price))
      issue("deposit", "The deposit must be at least $1 and less than the price");
    if (event.earlyPrice !== null && (event.earlyPrice < 100 || event.earlyPrice >= price))
      issue("earlyPrice", "The early price must be at least $1 and less than the price");
    if (event.earlyPrice !== null && event.deposit !== null && event.deposit >= event.earlyPrice)
      issue("deposit", "The deposit must be less than the early price");
    if ((event.earlyPrice === null) !== (event.earlyDeadline === null))
      issue("earlyDeadline", "An early price needs its deadline, and a deadline its price");
    if (event.earlyDeadline && event.earlyDeadline >= event.startDate)
      issue("earlyDeadline", "The early price must end before the first day");
    if (event.opensOn && event.closesOn && event.closesOn < event.opensOn)
      issue("closesOn", "Registration must close on or after the day it opens");
    if (event.closesOn && event.closesOn >= event.startDate)
      issue("closesOn", "Registration must close before the first day");
    if (event.fullRefundUntil && event.fullRefundUntil >= event.startDate)
      issue("fullRefundUntil", "Full refunds must end before the first day");
  });

export type EventForm = z.output<typeof eventFormSchema>;

const personName = z
  .string({ error: "Your name is required" })
  .trim()
  .min(1, "Your name is required")
  .max(120, "Your name must be at most 120 characters")
  .refine((value) => !/[<>\r\n]|https?:/i.test(value), "Your name must be plain text");

const personEmail = z
  .string({ error: "Your email is required" })
  .trim()
  .max(254, "Your email must be at most 254 characters")
  .pipe(z.email({ error: "Enter a valid email address" }));

/** A visitor's registration for a cohort: who, and what they pay now. */
export const registrationSchema = z.object({
  cohortId: z.string().trim().min(1).max(64),
  name: personName,
  email: personEmail,
  payment: z.enum(["deposit", "full"]).default("full"),
});

/** An attendee's cancellation: the button's one field, which way the policy went when shown. */
export const cancellationSchema = z.object({ expected: z.enum(["refund", "credit"]) });

/** A place on a full cohort's waiting list. */
export const waitlistSchema = z.object({
  cohortId: z.string().trim().min(1).max(64),
  name: personName,
  email: personEmail,
});

/** "$14,495" or "$2,500.50". */
export function dollars(cents: number) {
  const whole = cents % 100 === 0;
  return `$${(cents / 100).toLocaleString("en-US", {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}
