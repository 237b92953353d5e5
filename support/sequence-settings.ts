import type { sequenceInput } from "~/.server/sequences";

/**
 * A sequence's settings as the console's form sends them: "Welcome", started by a confirmed
 * newsletter membership, at 9:00, no exits; `changes` set the rest.
 */
export function sequenceSettings(
  changes: Partial<Record<keyof ReturnType<typeof sequenceInput>, string | undefined>> = {},
): ReturnType<typeof sequenceInput> {
  return {
    name: "Welcome",
    trigger: "newsletter_confirmed",
    triggerDetail: "",
    list: "newsletter",
    sendHour: "9",
    exitProduct: "",
    exitOnBooking: undefined,
    exitOnRegistration: undefined,
    exitOnSequenceId: "",
    restart: "none",
    ...changes,
  } as ReturnType<typeof sequenceInput>;
}
