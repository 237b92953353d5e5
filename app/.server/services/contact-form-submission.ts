import { contactTrapFields } from "~/lib/contact-message-schema";
import type { ContactSubmissionTraps } from "./contact-messages";

/** Reads the spam-trap fields from a form post or a JSON body. */
export function contactTrapsFrom(values: { get(name: string): unknown }): ContactSubmissionTraps {
  const honeypot = values.get(contactTrapFields.honeypot);
  const startedAt = Number(values.get(contactTrapFields.startedAt));
  return {
    honeypot: typeof honeypot === "string" && honeypot.trim() ? honeypot : undefined,
    formStartedAt: Number.isFinite(startedAt) && startedAt > 0 ? startedAt : undefined,
  };
}
