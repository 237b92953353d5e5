import { z } from "./zod";
import { maxBroadcastBodyLength } from "./broadcast-schema";

/**
 * What starts a sequence. "A guide downloaded" is recorded only from the guide links in our own
 * emails, which name the reader (decision 261); a download from the site names nobody.
 */
export const sequenceTriggers = [
  { key: "newsletter_confirmed", label: "Newsletter confirmed" },
  { key: "waitlist_joined", label: "Waitlist joined" },
  { key: "book_bought", label: "The book bought" },
  { key: "session_booked", label: "A session booked" },
  { key: "sequence_joined", label: "Joined another sequence" },
  { key: "guide_downloaded", label: "A guide downloaded" },
  { key: "interest_chosen", label: "An interest chosen" },
  { key: "workshop_registered", label: "A workshop registration" },
] as const;

export type SequenceTrigger = (typeof sequenceTriggers)[number]["key"];
export const sequenceTriggerKeys = sequenceTriggers.map((trigger) => trigger.key) as [
  SequenceTrigger,
  ...SequenceTrigger[],
];

export const sequenceStatuses = ["draft", "active", "paused"] as const;
export type SequenceStatus = (typeof sequenceStatuses)[number];

/**
 * What a new trigger does for someone who was in the sequence before (they left, were stopped or
 * finished), as the console's choice says it.
 */
export const sequenceRestarts = [
  {
    key: "resume",
    label: "Resume where they left",
    hint: "They get the steps they have not had yet; someone who had every step gets nothing.",
  },
  {
    key: "start_over",
    label: "Start over",
    hint: "They get every step again, from the first.",
  },
  {
    key: "none",
    label: "Nothing",
    hint: "Someone who was in it before is not started again.",
  },
] as const;

export type SequenceRestart = (typeof sequenceRestarts)[number]["key"];
const sequenceRestartKeys = sequenceRestarts.map((restart) => restart.key) as [
  SequenceRestart,
  ...SequenceRestart[],
];

export const maxDelayDays = 365;

const checkbox = z
  .union([z.literal("on"), z.literal("yes"), z.literal("true"), z.literal(""), z.undefined()])
  .transform((value) => value !== undefined && value !== "");

const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => (value ? value : null));

/** A sequence's settings as the console's form sends them. */
export const sequenceSettingsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Name the sequence")
    .max(120, "The name must be at most 120 characters"),
  trigger: z.enum(sequenceTriggerKeys, { message: "Choose a trigger the site knows" }),
  triggerDetail: optionalText,
  list: z.enum(["newsletter", "waitlist"], { message: "Choose the newsletter or the waitlist" }),
  sendHour: z.coerce
    .number({ message: "The send hour is a number from 0 to 23" })
    .int("The send hour is a whole hour")
    .min(0, "The send hour is from 0 to 23")
    .max(23, "The send hour is from 0 to 23"),
  exitProduct: optionalText,
  exitOnBooking: checkbox,
  exitOnRegistration: checkbox,
  exitOnSequenceId: optionalText,
  restart: z
    .enum(sequenceRestartKeys, {
      message: "Choose what a new trigger does for someone who was in it before",
    })
    .default("none"),
});
export type SequenceSettings = z.infer<typeof sequenceSettingsSchema>;

/** One step as the console's form sends it. */
export const sequenceStepSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, "A step needs a subject")
    .max(150, "Subject must be at most 150 characters")
    .refine((value) => !/[\r\n]/.test(value), "Subject must be one line"),
  bodyMarkdown: z
    .string()
    .trim()
    .min(1, "A step needs a body: an empty email is not sent")
    .max(maxBroadcastBodyLength, `The body must be at most ${maxBroadcastBodyLength} characters`),
  delayDays: z.coerce
    .number({ message: `The delay is a number of days from 0 to ${maxDelayDays}` })
    .int("The delay is a whole number of days")
    .min(0, `The delay is from 0 to ${maxDelayDays} days`)
    .max(maxDelayDays, `The delay is from 0 to ${maxDelayDays} days`),
});
export type SequenceStepInput = z.infer<typeof sequenceStepSchema>;
