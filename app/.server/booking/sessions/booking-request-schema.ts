import { z } from "zod";
import { isTimeZone } from "../../core/zoned-time";

/** The visitor's zone, as the page's select (or the browser) named it. */
export const timeZoneField = z
  .string({ message: "Choose your time zone." })
  .trim()
  .refine(isTimeZone, "That time zone does not exist: choose one from the list.");

/** The slot: the start instant the page offered, in UTC. */
export const slotStartField = z
  .string({ message: "Choose a time." })
  .trim()
  .max(40, "Choose a time from the list.")
  .refine((value) => !Number.isNaN(Date.parse(value)), "Choose a time from the list.")
  .transform((value) => Date.parse(value));

/** A free intro call: who and when. */
export const introCallRequestSchema = z.object({
  start: slotStartField,
  timeZone: timeZoneField,
  name: z
    .string({ message: "Enter your name." })
    .trim()
    .min(1, "Enter your name.")
    .max(100, "Your name must be at most 100 characters."),
  email: z
    .string({ message: "Enter your email address." })
    .trim()
    .max(254, "Your email address is too long.")
    .pipe(z.email({ message: "Enter a valid email address." })),
});

/** The buyer's booking: only when (the order says who). */
export const paidSessionRequestSchema = z.object({
  start: slotStartField,
  timeZone: timeZoneField,
});
