import { spamTrapFields } from "~/lib/spam-trap-fields";
import type { ContactSubmissionTraps } from "./contact-messages";

/** Reads the spam-trap fields from a form post or a JSON body. */
export function contactTrapsFrom(values: { get(name: string): unknown }): ContactSubmissionTraps {
  const honeypot = values.get(spamTrapFields.honeypot);
  const startedAt = Number(values.get(spamTrapFields.startedAt));
  return {
    honeypot: typeof honeypot === "string" && honeypot.trim() ? honeypot : undefined,
    formStartedAt: Number.isFinite(startedAt) && startedAt > 0 ? startedAt : undefined,
  };
}
